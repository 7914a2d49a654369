import { AnalyzerPage } from './components/analyzer-page';

/** /bpmn-analyzer. */
export function Component() {
  return <AnalyzerPage kind="bpmn" />;
}
