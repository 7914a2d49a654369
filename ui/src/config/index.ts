/**
 * Site-wide settings. Values the server knows better (registration URL,
 * limits) come from GET /api/config at run time; these are the defaults.
 */
export const siteConfig = {
  productName: 'SPADE',
  legalName: 'SPADE Process Intelligence',
  blogName: 'SPADE Blog',
  teamName: 'SPADE Team',
  siteUrl: 'https://spade-bpmn.com',
  termsUrl: 'https://spade-bpmn.com/legal/terms',
  privacyUrl: 'https://spade-bpmn.com/legal/privacy',
  modellerUrl: 'https://modeler.spade-bpmn.com',
  standardPlanUrl: 'https://spade-bpmn.com/plans/standard',
  linkedinUrl: 'https://www.linkedin.com/company/spade-bpmn',
  schedulingUrl: 'https://calendly.com/spade-bpmn/intro-call',
  schedulingScriptUrl: 'https://assets.calendly.com/assets/external/widget.js',
  contact: {
    infoEmail: 'info@spade-bpmn.com',
    supportEmail: 'support@spade-bpmn.com',
    phoneUsa: '+1 (415) 555-0142',
    phoneLatam: '+52 55 5010 4417',
    hours: '9AM-5PM Mon to Fri',
  },
  // Recorded from the product by scripts/record-demo.sh; the drawn poster stands in when the recording is absent.
  demoVideo: { src: '/media/spade-demo.mp4', poster: '/media/spade-demo-poster.jpg', fallbackPoster: '/media/demo-poster.svg' },
  registration: { clientId: 'spade-web', scope: 'openid email profile' },
} as const;

/** Limits shown in marketing copy; the server enforces the real ones. */
export const marketingLimits = {
  trialDays: 14,
  usesPerDay: 5,
} as const;
