import { Link } from 'react-router';
import { Icon, type IconName } from '../../components/icons';
import './analyzers.css';

const cards: { to: string; title: string; text: string; icon: IconName }[] = [
  {
    to: '/document-analyzer',
    title: 'Document Analyzer',
    text: 'Upload text or PDF process documents and transcripts; extract BPMN elements, SIPOC and time metrics (WT and wt).',
    icon: 'document',
  },
  {
    to: '/image-analyzer',
    title: 'Image Analyzer',
    text: 'Turn images of process diagrams into editable structured formats: BPMN, SIPOC and a process summary.',
    icon: 'image',
  },
  {
    to: '/bpmn-analyzer',
    title: 'BPMN Analyzer',
    text: 'Validate your process models against best practices: quality issues, a quality score and suggestions.',
    icon: 'diagram',
  },
];

/** /analyzer: the three tools and the BPMN Validation blurb. */
export function Component() {
  return (
    <div className="page az-hub">
      <header className="az-head">
        <h1>Analyzers</h1>
        <p className="muted">Choose a tool to discover, document and improve your processes.</p>
      </header>
      <div className="az-hub-grid">
        {cards.map((c) => (
          <article key={c.to} className="card az-hub-card">
            <div className="feature-icon">
              <Icon name={c.icon} size={32} />
            </div>
            <h2>{c.title}</h2>
            <p className="muted">{c.text}</p>
            <Link className="btn btn-primary" to={c.to} aria-label={`Get Started with the ${c.title}`}>
              Get Started
            </Link>
          </article>
        ))}
      </div>
      <aside className="card az-hub-blurb" aria-label="BPMN Validation">
        <h2>BPMN Validation</h2>
        <p>Check existing BPMN models for correctness, clarity and layout before you share them. Upload a .bpmn file in the BPMN Analyzer to get a scored report.</p>
        {/* The box named the BPMN Analyzer without a way there: a person had to find its card above. */}
        <Link className="btn btn-secondary" to="/bpmn-analyzer">
          Validate a BPMN file
        </Link>
      </aside>
    </div>
  );
}
