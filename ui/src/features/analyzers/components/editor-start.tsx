import { useRef } from 'react';
import { validateFile } from '../lib/file-rules';

/** Props of EditorStart. */
export interface EditorStartProps {
  disabled?: boolean;
  /** A BPMN file was picked: analyze it and open it in the editor. */
  onOpen: (file: File) => void;
  /** The picked file cannot be opened (type or size): the upload panel says why. */
  onInvalid: (message: string) => void;
  /** Start from an empty diagram. */
  onBlank: () => void;
}

/**
 * The BPMN Analyzer's way in for modellers: open a BPMN file straight in
 * the editor, or start a blank diagram. Both become an analysis with
 * version 1, like an upload, and open on the Process Model tab in Edit
 * mode; saving makes version 2.
 */
export function EditorStart({ disabled, onOpen, onInvalid, onBlank }: EditorStartProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="az-editor-start" role="group" aria-labelledby="az-editor-start">
      <h3 id="az-editor-start">Or model it yourself</h3>
      <div className="az-editor-start-actions">
        <button type="button" className="btn btn-secondary" disabled={disabled} onClick={() => input.current?.click()}>
          Open BPMN file in editor
        </button>
        <button type="button" className="btn btn-secondary" disabled={disabled} onClick={onBlank}>
          New blank diagram
        </button>
      </div>
      <p className="muted">Either one is saved as an analysis you find under Recent; it counts like an upload.</p>
      <input
        ref={input}
        type="file"
        accept=".bpmn,.xml"
        hidden
        data-testid="editor-file-input"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (!f) return;
          const problem = validateFile('bpmn', f);
          if (problem) onInvalid(problem.message);
          else onOpen(f);
        }}
      />
    </div>
  );
}
