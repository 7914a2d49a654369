import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock';
import { SourcePanel, taskNameFrom } from './source-panel';

afterEach(() => vi.unstubAllGlobals());

const trace = {
  text: 'The clerk checks the invoice. Nobody files it. The manager pays it.',
  coverage: 2 / 3,
  unplaced: [],
  sentences: [
    { start: 0, end: 29, text: 'The clerk checks the invoice.', elements: ['a1'] },
    { start: 30, end: 46, text: 'Nobody files it.', elements: [] },
    { start: 47, end: 67, text: 'The manager pays it.', elements: ['a2'] },
  ],
};

describe('taskNameFrom', () => {
  it.each([
    ['The clerk checks the invoice.', 'The clerk checks the invoice'],
    ['"Quoted" words; and more', 'Quoted words; and more'],
    ['one two three four five six seven eight nine ten', 'one two three four five six seven eight'],
    ['1. The clerk checks the invoice.', 'The clerk checks the invoice'],
    ['2.3 Archive the invoice', 'Archive the invoice'],
    ['- Send the reminder', 'Send the reminder'],
  ])('%s', (sentence, want) => expect(taskNameFrom(sentence)).toBe(want));
});

describe('SourcePanel', () => {
  const names: Record<string, string> = { a1: 'Check invoice', a2: 'Pay invoice' };
  const nameOf = (id: string) => names[id];

  it('shows coverage, selects elements of a sentence, marks the element clicked in the diagram, turns a missed sentence into a task after the previous one (by its name)', async () => {
    mockFetch({ 'GET /api/analyses/x/source': json(trace) });
    const onSelect = vi.fn();
    const onMake = vi.fn();
    const { rerender } = render(
      <SourcePanel analysisId="x" version={1} selectedElement={null} busy={false} onSelectSentence={onSelect} onMakeTask={onMake} nameOf={nameOf} />,
    );
    expect(await screen.findByTestId('source-coverage')).toHaveTextContent('67 % of 3 sentences');
    await userEvent.click(screen.getByRole('button', { name: 'The clerk checks the invoice.' }));
    expect(onSelect).toHaveBeenCalledWith(['a1']);
    await userEvent.click(screen.getByRole('button', { name: 'Make a task' }));
    expect(onMake).toHaveBeenCalledWith('Nobody files it', { after: 'Check invoice' });
    rerender(<SourcePanel analysisId="x" version={1} selectedElement="a2" busy={false} onSelectSentence={onSelect} onMakeTask={onMake} nameOf={nameOf} />);
    expect(screen.getByRole('button', { name: 'The manager pays it.' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('places a task next to a named element only, before the next sentence when none comes earlier', async () => {
    mockFetch({
      'GET /api/analyses/x/source': json({
        ...trace,
        sentences: [
          { start: 0, end: 29, text: 'The clerk checks the invoice.', elements: ['g1'] },
          { start: 30, end: 46, text: 'Nobody files it.', elements: [] },
          { start: 47, end: 67, text: 'The manager pays it.', elements: ['a2'] },
        ],
      }),
    });
    const onMake = vi.fn();
    render(<SourcePanel analysisId="x" version={1} selectedElement={null} busy={false} onSelectSentence={() => {}} onMakeTask={onMake} nameOf={nameOf} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Make a task' }));
    expect(onMake).toHaveBeenCalledWith('Nobody files it', { before: 'Pay invoice' });
  });

  it('does not offer a sentence again once a task of its name is in the diagram', async () => {
    mockFetch({ 'GET /api/analyses/x/source': json(trace) });
    render(
      <SourcePanel
        analysisId="x"
        version={2}
        selectedElement={null}
        busy={false}
        onSelectSentence={() => {}}
        onMakeTask={() => {}}
        nameOf={nameOf}
        hasName={(n) => n === 'Nobody files it'}
      />,
    );
    expect(await screen.findByText('Task made')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make a task' })).toBeNull();
  });

  it('explains when the analysis keeps no text', async () => {
    mockFetch({ 'GET /api/analyses/x/source': json({ detail: 'This analysis has no document text to show.' }, 404) });
    render(<SourcePanel analysisId="x" version={1} selectedElement={null} busy={false} onSelectSentence={() => {}} onMakeTask={() => {}} nameOf={nameOf} />);
    expect(await screen.findByText('This analysis has no document text to show.')).toBeInTheDocument();
  });
});
