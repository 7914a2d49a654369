import type { Analysis } from '../api/types';

/** Model, API key source and token counts; 'Unknown' and 0 by default. */
export function footerValues(a: Pick<Analysis, 'metadata' | 'input_tokens' | 'output_tokens' | 'total_tokens'>) {
  const m = a.metadata ?? {};
  const input = a.input_tokens || m.usage?.input_tokens || 0;
  const output = a.output_tokens || m.usage?.output_tokens || 0;
  return {
    model: m.model_name || m.model || 'Unknown',
    source: m.api_key_source || 'Unknown',
    input,
    output,
    total: a.total_tokens || m.usage?.total_tokens || input + output,
    reused: typeof m.extra?.reused_from === 'string' && m.extra.reused_from !== '',
  };
}

/** The results footer. */
export function ResultsFooter({ analysis }: { analysis: Analysis }) {
  const v = footerValues(analysis);
  return (
    <dl className="az-footer" data-testid="results-footer">
      <div>
        <dt>Model</dt>
        <dd>{v.model}</dd>
      </div>
      <div>
        <dt>API Key</dt>
        <dd>{v.source}</dd>
      </div>
      <div>
        <dt>Input Tokens</dt>
        <dd>{v.input.toLocaleString()}</dd>
      </div>
      <div>
        <dt>Output Tokens</dt>
        <dd>{v.output.toLocaleString()}</dd>
      </div>
      <div>
        <dt>Total Tokens</dt>
        <dd>{v.total.toLocaleString()}</dd>
      </div>
      {v.reused ? (
        <div>
          <dt>Result</dt>
          <dd data-testid="reused-result">reused from an identical analysis</dd>
        </div>
      ) : null}
    </dl>
  );
}
