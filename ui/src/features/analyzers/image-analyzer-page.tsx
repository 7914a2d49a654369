import { AnalyzerPlaceholder } from './placeholder';

/** Placeholder for the Image Analyzer route; replaced by the analyzer feature. */
export function Component() {
  return <AnalyzerPlaceholder title="Image Analyzer" text="Turn images of process diagrams into editable structured formats." />;
}
