import { AnalyzerPage } from './components/analyzer-page';

/** /image-analyzer. */
export function Component() {
  return <AnalyzerPage kind="image" />;
}
