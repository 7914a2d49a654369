import { Link } from 'react-router';

/** Temporary body for analyzer routes until the analyzer pages land. */
export function AnalyzerPlaceholder({ title, text }: { title: string; text: string }) {
  return (
    <div className="page narrow">
      <h1>{title}</h1>
      <p className="muted">{text}</p>
      <p>
        <Link to="/analyzer">All Analyzers</Link>
      </p>
    </div>
  );
}
