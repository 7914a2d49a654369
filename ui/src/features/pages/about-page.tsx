import { Link } from 'react-router';
import { useRegisterNow } from '../../components/use-register-now';
import { usePageMeta } from '../../lib/head';
import { marketingLimits, siteConfig } from '../../config';
import './pages.css';

const roadmap = [
  {
    when: 'Available now',
    title: 'Document & Image Analyzers',
    text: 'Turn documents, transcripts and diagram images into BPMN diagrams, SIPOC tables and work/wait-time metrics.',
  },
  {
    when: 'Coming Q3 2025',
    title: 'BPMN Analysis',
    text: 'Check existing BPMN models against modelling best practices and get a quality score with concrete fixes.',
  },
  {
    when: 'Coming Q4 2025',
    title: 'Chat with ACE',
    text: 'Ask ACE, our process assistant, questions about your processes and explore improvements in conversation.',
  },
];

/** /about: mission, roadmap, study reference. */
export function Component() {
  const registerNow = useRegisterNow();
  usePageMeta({
    title: `About | ${siteConfig.productName}`,
    description: 'Our mission: make process discovery fast enough that every team can afford to understand its own work.',
  });
  return (
    <div className="page about-page">
      <section className="card">
        <h1>Our Mission</h1>
        <p>
          Understanding how work really flows is the first step of every improvement — and usually the slowest. Analysts
          spend weeks gathering documents, running interviews and redrawing diagrams before any improvement can start.
        </p>
        <p>
          {siteConfig.productName} exists to shorten that first step. It reads the material you already have and drafts
          BPMN models and SIPOC tables in minutes, so business analysts, consultants and project managers can spend their
          time on validation and improvement instead of transcription.
        </p>
      </section>

      <h2 className="section-title">Roadmap</h2>
      <div className="grid-3">
        {roadmap.map((r) => (
          <article className="card roadmap-card" key={r.title}>
            <span className="badge">{r.when}</span>
            <h3>{r.title}</h3>
            <p className="muted">{r.text}</p>
          </article>
        ))}
      </div>

      <section className="card">
        <h2>Why It Matters</h2>
        <p>
          A McKinsey Global Institute study (<em>The social economy</em>, 2012) estimated that knowledge workers spend
          about 19 percent of their working week searching for and gathering information. Process knowledge locked in
          scattered documents is a large part of that search. Making it visible as a shared process model gives that time
          back.
        </p>
      </section>

      <section className="card center">
        <h2>Try It on Your Own Process</h2>
        <p className="muted">
          {marketingLimits.trialDays}-day free trial with {marketingLimits.usesPerDay} uses per day.
        </p>
        <div className="hero-actions" style={{ justifyContent: 'center' }}>
          <button type="button" className="btn btn-primary" onClick={registerNow}>
            Register Now
          </button>
          <Link to="/" className="btn btn-secondary">
            Explore the Demo
          </Link>
        </div>
      </section>
    </div>
  );
}
