import { describe, expect, it } from 'vitest';
import { refineAnswer } from './model-workbench';

describe('refineAnswer', () => {
  const cases = [
    {
      name: 'an unknown sentence with the closest forms',
      detail:
        "SPADE did not understand \"stop after the letter\". Did you mean one of these?\n• end the process after 'Send rejection letter'\n• delete 'Send rejection letter'\n• rename 'Send rejection letter' to 'New name'",
      text: 'SPADE did not understand "stop after the letter". Did you mean one of these?',
      suggestions: ["end the process after 'Send rejection letter'", "delete 'Send rejection letter'", "rename 'Send rejection letter' to 'New name'"],
    },
    {
      name: 'a refusal without suggestions',
      detail: "There is no step, decision or event called 'the moon'.",
      text: "There is no step, decision or event called 'the moon'.",
      suggestions: [],
    },
    {
      name: 'an empty bullet and stray blank lines',
      detail: 'Did you mean one of these?\n\n•   \n• make \'A\' and \'B\' parallel\n',
      text: 'Did you mean one of these?',
      suggestions: ["make 'A' and 'B' parallel"],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(refineAnswer(c.detail)).toEqual({ text: c.text, suggestions: c.suggestions });
    });
  }
});
