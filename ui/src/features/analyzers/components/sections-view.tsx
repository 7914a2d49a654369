import type { Section } from '../lib/sections';

/** The formatted result as collapsible sections (split on '===' headings); the first is open. */
export function SectionsView({ sections }: { sections: Section[] }) {
  if (!sections.length) return <p className="muted">No results text.</p>;
  return (
    <div className="az-sections" data-testid="result-sections">
      {sections.map((s, i) => (
        <details key={`${s.title}-${i}`} className="az-section" open={i === 0}>
          <summary>{s.title}</summary>
          <pre className="az-section-body">{s.body || '—'}</pre>
        </details>
      ))}
    </div>
  );
}
