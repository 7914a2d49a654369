import { AnalyzerPlaceholder } from './placeholder';

/** Placeholder for the Document Analyzer route; replaced by the analyzer feature. */
export function Component() {
  return <AnalyzerPlaceholder title="Document Analyzer" text="Extract BPMN and SIPOC elements, systems, Work Time (WT) and Wait Time (wt) from your documents." />;
}
