import { useRegisterNow } from '../../components/use-register-now';
import { usePageMeta } from '../../lib/head';
import { aiDataText, useAiConfig } from '../../lib/ai-config';
import { marketingLimits, siteConfig } from '../../config';
import './pages.css';

/** /pricing: three plans. */
export function Component() {
  const aiConfig = useAiConfig();
  const ai = aiDataText(aiConfig);
  const registerNow = useRegisterNow();
  usePageMeta({
    title: `Pricing | ${siteConfig.productName}`,
    description: 'Start with a 14-day free trial, continue free with your own Gemini API key, or go unlimited.',
  });
  return (
    <div className="page pricing-page">
      <header className="center">
        <h1>Simple, Transparent Pricing</h1>
        <p className="section-lead">Start free, bring your own AI key, or go unlimited. Cancel anytime.</p>
      </header>
      <div className="grid-3">
        <section className="card plan highlight" aria-labelledby="plan-trial">
          <span className="badge">Most popular</span>
          <h2 id="plan-trial">{marketingLimits.trialDays}-Day Free Trial</h2>
          <p className="plan-price">Free</p>
          <ul className="check-list">
            <li>{marketingLimits.usesPerDay} uses per day</li>
            <li>Document, Image and BPMN Analyzers</li>
            <li>Default AI model: {ai.model}</li>
            <li>Export to TXT, XLSX and BPMN</li>
          </ul>
          <p className="muted">
            {aiConfig?.provider === 'gemini' ? 'During the trial the default AI provider may use submitted data for training.' : ai.trialData}
          </p>
          <button type="button" className="btn btn-primary" onClick={registerNow}>
            Register Now
          </button>
        </section>
        <section className="card plan" aria-labelledby="plan-own-key">
          <span className="badge">After the trial</span>
          <h2 id="plan-own-key">Free with Your Own API Key</h2>
          <p className="plan-price">Free</p>
          <ul className="check-list">
            <li>{marketingLimits.usesPerDay} uses per day</li>
            <li>Bring your own Google Gemini API key</li>
            <li>Your AI provider's data terms apply</li>
            <li>All analyzers and exports</li>
          </ul>
          <button type="button" className="btn btn-secondary" onClick={registerNow}>
            Register Now
          </button>
        </section>
        <section className="card plan" aria-labelledby="plan-standard">
          <span className="badge">For teams</span>
          <h2 id="plan-standard">Standard</h2>
          <p className="plan-price">Unlimited</p>
          <ul className="check-list">
            <li>Unlimited uses</li>
            <li>All analyzers and exports</li>
            <li>Priority support</li>
          </ul>
          <a className="btn btn-secondary" href={siteConfig.standardPlanUrl} target="_blank" rel="noopener noreferrer">
            See Standard Plan
          </a>
        </section>
      </div>
    </div>
  );
}
