import { usePageMeta } from '../../lib/head';
import { aiDataText, useAiConfig } from '../../lib/ai-config';
import { marketingLimits, siteConfig } from '../../config';
import './pages.css';

/** /disclaimer: data usage and AI limitations (last updated 2025-06-01). */
export function Component() {
  const aiConfig = useAiConfig();
  const ai = aiDataText(aiConfig);
  usePageMeta({ title: `Disclaimer | ${siteConfig.productName}` });
  return (
    <div className="page narrow legal">
      <h1>Disclaimer</h1>
      <p className="muted">
        Last updated: <time dateTime="2025-06-01">2025-06-01</time>
      </p>
      <h2>Data Usage</h2>
      <p>
        Documents, images and process files you upload, and the diagrams generated from them, are used only to produce
        your analysis. {siteConfig.productName} does not use your data to train AI models.
      </p>
      <p>
        {aiConfig?.provider === 'gemini' ? (
          <>
            During the {marketingLimits.trialDays}-day free trial, analyses run on the default AI provider ({ai.model}).
            Under that provider's terms, data submitted during the trial may be used for training by the provider.
          </>
        ) : (
          ai.trialData
        )}{' '}
        If you add your own AI API key in Settings, your requests go to your provider under your agreement with it, and
        that provider's terms apply.
      </p>
      <h2>AI Limitations</h2>
      <p>
        Results are produced by AI models and can be incomplete or wrong. Models can misread ambiguous text or images,
        merge or omit steps, and state assumptions as facts. Review every diagram, SIPOC table and time estimate with the
        people who perform the process before relying on it.
      </p>
      <p>
        Work time and wait time figures are estimates derived from the source material, not measurements.
      </p>
      <h2>No Professional Advice</h2>
      <p>
        {siteConfig.productName} supports process analysis; it does not provide legal, compliance, financial or safety
        advice. Decisions based on its output remain your responsibility.
      </p>
      <h2>Contact</h2>
      <p>
        Questions about this disclaimer: <a href={`mailto:${siteConfig.contact.supportEmail}`}>{siteConfig.contact.supportEmail}</a>
      </p>
    </div>
  );
}
