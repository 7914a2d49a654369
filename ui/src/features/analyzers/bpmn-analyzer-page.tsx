import { AnalyzerPlaceholder } from './placeholder';

/** Placeholder for the BPMN Analyzer route; replaced by the analyzer feature. */
export function Component() {
  return <AnalyzerPlaceholder title="BPMN Analyzer" text="Validate process models against best practices." />;
}
