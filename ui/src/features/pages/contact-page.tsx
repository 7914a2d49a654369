import { useEffect, useRef, useState } from 'react';
import { usePageMeta } from '../../lib/head';
import { siteConfig } from '../../config';
import './pages.css';

const PROBE_TIMEOUT_MS = 3000;

type WidgetState = 'checking' | 'ready' | 'unavailable';

/**
 * Loads the external scheduling widget only when its script host answers
 * (an opaque no-cors probe with a 3 s time-out); otherwise a plain link.
 */
function Scheduler() {
  const [state, setState] = useState<WidgetState>('checking');
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
    let cancelled = false;
    fetch(siteConfig.schedulingScriptUrl, { mode: 'no-cors', signal: controller.signal, cache: 'no-store' })
      .then(() => {
        if (cancelled) return;
        const script = document.createElement('script');
        script.src = siteConfig.schedulingScriptUrl;
        script.async = true;
        script.onload = () => !cancelled && setState('ready');
        script.onerror = () => !cancelled && setState('unavailable');
        document.body.appendChild(script);
      })
      .catch(() => !cancelled && setState('unavailable'))
      .finally(() => clearTimeout(timer));
    return () => {
      cancelled = true;
      controller.abort();
      clearTimeout(timer);
    };
  }, []);

  return (
    <div className="scheduler">
      {state === 'ready' ? (
        <div ref={holder} className="calendly-inline-widget" data-url={siteConfig.schedulingUrl} style={{ minHeight: 640 }} />
      ) : state === 'checking' ? (
        <p className="muted">Loading the scheduler...</p>
      ) : (
        <p data-testid="scheduler-fallback">
          The booking calendar could not be loaded here.{' '}
          <a href={siteConfig.schedulingUrl} target="_blank" rel="noopener noreferrer">
            Book a meeting on our scheduling page
          </a>
          .
        </p>
      )}
    </div>
  );
}

/** /contact: scheduling, hours, mailboxes, phone lines, LinkedIn. */
export function Component() {
  usePageMeta({
    title: `Contact Us | ${siteConfig.productName}`,
    description: 'Book a call, write to us or phone our LATAM and USA lines.',
  });
  const c = siteConfig.contact;
  return (
    <div className="page contact-page">
      <header className="center">
        <h1>Contact Us</h1>
        <p className="section-lead">Questions about SPADE, a demo for your team, or help with your account — we're here.</p>
      </header>
      <div className="contact-grid">
        <section className="card" aria-labelledby="schedule-title">
          <h2 id="schedule-title">Schedule a Call</h2>
          <Scheduler />
        </section>
        <div>
          <section className="card" aria-labelledby="hours-title">
            <h2 id="hours-title">Working Hours</h2>
            <p>{c.hours}</p>
          </section>
          <section className="card" aria-labelledby="mail-title">
            <h2 id="mail-title">Email</h2>
            <p>
              General information: <a href={`mailto:${c.infoEmail}`}>{c.infoEmail}</a>
            </p>
            <p>
              Support: <a href={`mailto:${c.supportEmail}`}>{c.supportEmail}</a>
            </p>
          </section>
          <section className="card" aria-labelledby="phone-title">
            <h2 id="phone-title">Phone</h2>
            <p>
              USA: <a href={`tel:${c.phoneUsa.replace(/[^+\d]/g, '')}`}>{c.phoneUsa}</a>
            </p>
            <p>
              LATAM: <a href={`tel:${c.phoneLatam.replace(/[^+\d]/g, '')}`}>{c.phoneLatam}</a>
            </p>
          </section>
          <section className="card" aria-labelledby="social-title">
            <h2 id="social-title">Follow Us</h2>
            <a className="contact-social-link" href={siteConfig.linkedinUrl} target="_blank" rel="noopener noreferrer">
              SPADE on LinkedIn
            </a>
          </section>
        </div>
      </div>
    </div>
  );
}
