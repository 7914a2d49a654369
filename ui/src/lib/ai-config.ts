import { useEffect, useState } from 'react';
import { api } from './api-client';

/** The analysis provider this installation runs (GET /api/config `ai`). */
export interface AiConfig {
  provider: 'builtin' | 'gemini' | 'openai' | string;
  model: string;
  label: string;
}

let pending: Promise<AiConfig | null> | null = null;

/** Forgets the loaded (or loading) configuration, so the next call asks again (tests). */
export function resetAiConfig(): void {
  pending = null;
}

/** Fetches /api/config once per page load; null when it cannot be read. */
export function loadAiConfig(): Promise<AiConfig | null> {
  if (!pending) {
    pending = api
      .get<{ ai?: AiConfig }>('/api/config', { skipAuthRetry: true, timeoutMs: 5000 })
      .then((c) => (c?.ai?.provider ? c.ai : null))
      .catch(() => {
        pending = null;
        return null;
      });
  }
  return pending;
}

/**
 * The configured provider, or null while loading or unknown. Texts that name
 * the AI provider read it here, so they match the model results show
 * instead of promising Gemini on an installation that runs something else.
 */
export function useAiConfig(): AiConfig | null {
  const [ai, setAi] = useState<AiConfig | null>(null);
  useEffect(() => {
    let live = true;
    void loadAiConfig().then((a) => live && setAi(a));
    return () => {
      live = false;
    };
  }, []);
  return ai;
}

/** What happens to submitted data, in the words of the configured provider. */
export function aiDataText(ai: AiConfig | null): { model: string; trialData: string } {
  if (!ai) {
    return {
      model: 'the AI model configured for this installation',
      trialData: "Analyses run on the AI provider configured for this installation; that provider's terms apply.",
    };
  }
  switch (ai.provider) {
    case 'gemini':
      return {
        model: ai.label,
        trialData: `During the free trial the default AI provider (${ai.label}) may use submitted data for training under its own terms.`,
      };
    case 'openai':
      return {
        model: ai.label,
        trialData: `Analyses run on ${ai.label}, chosen by the operator of this installation; that provider's terms apply to submitted data.`,
      };
    default:
      return {
        model: ai.label,
        trialData: `Analyses run on the ${ai.label}, on this server: submitted data is not sent to an AI provider.`,
      };
  }
}
