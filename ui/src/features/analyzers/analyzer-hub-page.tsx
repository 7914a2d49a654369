import { AnalyzerPlaceholder } from './placeholder';

/** Placeholder for the Analyzers route; replaced by the analyzer feature. */
export function Component() {
  return <AnalyzerPlaceholder title="Analyzers" text="Choose a tool: Document Analyzer, Image Analyzer or BPMN Analyzer." />;
}
