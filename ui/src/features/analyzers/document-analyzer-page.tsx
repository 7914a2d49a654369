import { AnalyzerPage } from './components/analyzer-page';

/** /document-analyzer. */
export function Component() {
  return <AnalyzerPage kind="document" />;
}
