import { describe, expect, it } from 'vitest';
import { aiDataText } from './ai-config';

describe('aiDataText', () => {
  it("uses the spec's wording when Gemini is configured", () => {
    const t = aiDataText({ provider: 'gemini', model: 'gemini-2.0-flash', label: 'Google Gemini 2.0 Flash' });
    expect(t.model).toBe('Google Gemini 2.0 Flash');
    expect(t.trialData).toContain('default AI provider (Google Gemini 2.0 Flash) may use submitted data for training');
  });

  it('names the built-in analyzer and promises no provider when it runs', () => {
    const t = aiDataText({ provider: 'builtin', model: 'spade-builtin-1', label: 'SPADE built-in analyzer (spade-builtin-1)' });
    expect(t.model).toContain('spade-builtin-1');
    expect(t.trialData).not.toMatch(/Gemini/);
    expect(t.trialData).toContain('not sent to an AI provider');
  });

  it('names an OpenAI-compatible model and no vendor it does not run', () => {
    const t = aiDataText({ provider: 'openai', model: 'llama3', label: 'llama3 (OpenAI-compatible endpoint)' });
    expect(t.trialData).toContain('llama3');
    expect(t.trialData).not.toMatch(/Gemini/);
  });

  it('stays neutral while the configuration is unknown', () => {
    expect(aiDataText(null).trialData).not.toMatch(/Gemini|built-in/);
  });
});
