import { lazy, Suspense, useState } from 'react';
import { useRegisterNow } from '../../components/use-register-now';
import { usePageMeta } from '../../lib/head';
import { aiDataText, useAiConfig } from '../../lib/ai-config';
import { marketingLimits, siteConfig } from '../../config';
import { Icon, type IconName } from '../../components/icons';
import './landing.css';

// The demo (drop zones, upload logic) is its own chunk so the first paint of
// the landing page does not wait for it; bpmn-js loads only with a diagram.
const DemoSection = lazy(() => import('./components/demo-section'));

function scrollToId(id: string) {
  const el = document.getElementById(id);
  if (!el) return;
  el.scrollIntoView({ behavior: 'smooth', block: 'start' });
  el.focus({ preventScroll: true });
}

const features = [
  {
    icon: 'diagram' as IconName,
    title: 'BPMN Elements',
    text: 'Participants, tasks, gateways and events are extracted from your material and laid out as a standard BPMN 2.0 diagram.',
  },
  {
    icon: 'table' as IconName,
    title: 'SIPOC Analysis',
    text: 'Suppliers, inputs, processes, outputs and customers for every step, plus the systems involved and work and wait times.',
  },
  {
    icon: 'edit' as IconName,
    title: 'Edit BPMN',
    text: 'Export the model as BPMN and keep refining it in your modelling tool — no redrawing from scratch.',
  },
];

function HeroArt() {
  return (
    <svg viewBox="0 0 420 220" role="img" aria-label="A small BPMN diagram: start, two tasks, a decision and an end">
      <rect x="0" y="0" width="420" height="220" rx="12" fill="#ffffff" />
      <rect x="0" y="0" width="28" height="220" rx="0" fill="#e6edff" />
      <text x="14" y="110" fontSize="11" fill="#1e3a8a" textAnchor="middle" transform="rotate(-90 14 110)">
        Order team
      </text>
      <circle cx="58" cy="110" r="14" fill="none" stroke="#15803d" strokeWidth="2.5" />
      <rect x="90" y="88" width="86" height="44" rx="8" fill="#eff6ff" stroke="#1d4ed8" strokeWidth="2" />
      <text x="133" y="114" fontSize="11" textAnchor="middle" fill="#1e3a8a">
        Check order
      </text>
      <path d="M222 88 L244 110 L222 132 L200 110 Z" fill="#fff7ed" stroke="#b45309" strokeWidth="2" />
      <rect x="270" y="40" width="86" height="44" rx="8" fill="#eff6ff" stroke="#1d4ed8" strokeWidth="2" />
      <text x="313" y="66" fontSize="11" textAnchor="middle" fill="#1e3a8a">
        Ship goods
      </text>
      <rect x="270" y="136" width="86" height="44" rx="8" fill="#eff6ff" stroke="#1d4ed8" strokeWidth="2" />
      <text x="313" y="162" fontSize="11" textAnchor="middle" fill="#1e3a8a">
        Ask customer
      </text>
      <circle cx="392" cy="110" r="14" fill="none" stroke="#c62828" strokeWidth="4" />
      <g stroke="#334155" strokeWidth="1.8" fill="none">
        <path d="M72 110 H90" />
        <path d="M176 110 H200" />
        <path d="M222 88 V62 H270" />
        <path d="M222 132 V158 H270" />
        <path d="M356 62 H392 V96" />
        <path d="M356 158 H392 V124" />
      </g>
    </svg>
  );
}

function DemoVideo() {
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const [poster, setPoster] = useState<string>(siteConfig.demoVideo.poster);
  return (
    <div className="video-frame">
      {playing ? (
        <video
          src={siteConfig.demoVideo.src}
          poster={poster}
          controls
          autoPlay
          onError={() => setFailed(true)}
        >
          <track kind="captions" />
        </video>
      ) : (
        <>
          <img
            src={poster}
            alt="SPADE demo: a process document becomes a BPMN diagram"
            onError={() => setPoster(siteConfig.demoVideo.fallbackPoster)}
          />
          <button type="button" className="play-overlay" aria-label="Play demo video" onClick={() => setPlaying(true)}>
            <span className="play-icon" aria-hidden="true">
              ▶
            </span>
          </button>
        </>
      )}
      {failed ? <p className="video-note">The demo video is not available right now. Try the live demo above instead.</p> : null}
    </div>
  );
}

/** The landing page (spec part 2 §2). */
export function Component() {
  const ai = aiDataText(useAiConfig());
  const registerNow = useRegisterNow();
  usePageMeta({
    title: `${siteConfig.productName} – Meet Your New Digital Analyst`,
    description:
      'SPADE turns process documents, transcripts and diagram images into BPMN diagrams, SIPOC tables and process summaries.',
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      name: siteConfig.productName,
      applicationCategory: 'BusinessApplication',
      operatingSystem: 'Web',
      url: siteConfig.siteUrl,
      description: 'AI-assisted process mapping: BPMN diagrams, SIPOC tables and process summaries from documents and images.',
      offers: {
        '@type': 'Offer',
        price: '0',
        priceCurrency: 'USD',
        description: `${marketingLimits.trialDays}-day free trial, ${marketingLimits.usesPerDay} uses per day`,
      },
    },
  });

  return (
    <div className="landing">
      <section className="hero">
        <div className="hero-inner">
          <div>
            <h1>
              Meet SPADE
              <span className="hero-sub">Your New Digital Analyst</span>
            </h1>
            <p>
              Drop in a process document, a call transcript or a photo of a whiteboard diagram. SPADE returns a BPMN
              diagram, a SIPOC table and a process summary in minutes.
            </p>
            <div className="hero-actions">
              <button type="button" className="btn btn-primary btn-large" onClick={() => scrollToId('demo')}>
                Try Now!
              </button>
              <button type="button" className="btn btn-ghost btn-large" onClick={() => scrollToId('how-it-works')}>
                Watch Demo
              </button>
            </div>
            <p className="hero-offer">
              Free trial: {marketingLimits.usesPerDay} uses per day for {marketingLimits.trialDays} days.
            </p>
          </div>
          <div className="hero-art">
            <HeroArt />
          </div>
        </div>
      </section>

      <section className="section" id="demo" tabIndex={-1} aria-labelledby="demo-title">
        <div className="section-inner">
          <h2 className="section-title" id="demo-title">
            Try It Yourself
          </h2>
          <p className="section-lead">
            Upload one document or one diagram image and see the generated process model. The free demo allows one
            analysis per device per day.
          </p>
          <Suspense fallback={<div className="spinner-wrap">Loading demo...</div>}>
            <DemoSection />
          </Suspense>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="features-title">
        <div className="section-inner">
          <h2 className="section-title" id="features-title">
            Key Features
          </h2>
          <p className="section-lead">Everything a process analyst needs to go from scattered notes to a usable model.</p>
          <div className="grid-3">
            {features.map((f) => (
              <article className="feature-card" key={f.title}>
                <div className="feature-icon">
                  <Icon name={f.icon} size={28} />
                </div>
                <h3>{f.title}</h3>
                <p className="muted">{f.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section" id="how-it-works" tabIndex={-1} aria-labelledby="steps-title">
        <div className="section-inner">
          <h2 className="section-title" id="steps-title">
            Three Simple Steps
          </h2>
          <p className="section-lead">From raw material to a process model you can work with.</p>
          <div className="steps-layout">
            <DemoVideo />
            <ol className="step-list">
              <li>
                <span className="step-num">1</span>
                <div>
                  <h3>Upload Documentation</h3>
                  <p className="muted">PDF, Word or text files, discovery-call transcripts, or images of existing diagrams.</p>
                </div>
              </li>
              <li>
                <span className="step-num">2</span>
                <div>
                  <h3>AI Analysis</h3>
                  <p className="muted">
                    SPADE identifies participants, activities, decisions, systems, work time and wait time.
                  </p>
                </div>
              </li>
              <li>
                <span className="step-num">3</span>
                <div>
                  <h3>Enhance Your Process</h3>
                  <p className="muted">Review the diagram and SIPOC, export them and refine the process with your team.</p>
                </div>
              </li>
            </ol>
          </div>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="modeller-title">
        <div className="section-inner split">
          <div>
            <h2 id="modeller-title">Continue in Your Modelling Tool</h2>
            <p className="muted">
              Every diagram SPADE produces is standard BPMN 2.0 XML. Export it and open it in the modelling product to
              add detail, simulate, and share it with stakeholders.
            </p>
            <div className="hero-actions">
              <a className="btn btn-primary" href={siteConfig.modellerUrl} target="_blank" rel="noopener noreferrer">
                Open the Modeller
              </a>
              <a className="btn btn-secondary" href={siteConfig.modellerUrl} target="_blank" rel="noopener noreferrer">
                Learn More
              </a>
            </div>
          </div>
          <ul className="check-list">
            <li>BPMN 2.0 export with diagram layout</li>
            <li>Lanes for every participant</li>
            <li>Gateways with named conditions</li>
            <li>SIPOC and time metrics as TXT or XLSX</li>
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="data-title">
        <div className="section-inner split">
          <div>
            <h2 id="data-title">How We Use Your Data</h2>
            <p>
              Uploaded documents and generated diagrams are used only to create your diagram. SPADE never uses your data
              to train AI models.
            </p>
            <p className="muted">
              {ai.trialData} When you add your own AI provider key, that provider's terms apply.
            </p>
          </div>
          <ul className="check-list">
            <li>Your files are processed only to produce your results</li>
            <li>No training on your data by SPADE</li>
            <li>Bring your own API key for full control</li>
          </ul>
        </div>
      </section>

      <section className="section cta-band" aria-labelledby="cta-title">
        <div className="section-inner">
          <h2 id="cta-title">Ready to map your processes faster?</h2>
          <p>
            Start your {marketingLimits.trialDays}-day free trial: {marketingLimits.usesPerDay} uses per day for{' '}
            {marketingLimits.trialDays} days, no credit card required.
          </p>
          <button type="button" className="btn btn-primary btn-large" onClick={registerNow}>
            Register Now
          </button>
        </div>
      </section>
    </div>
  );
}
