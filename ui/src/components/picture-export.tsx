import { useState } from 'react';
import { downloadBlob, PNG_DEFAULT_SCALE, PNG_SCALES, pictureFileName, svgToPng } from './bpmn-export';

/** Props of PictureExport. */
export interface PictureExportProps {
  /** The diagram can be drawn (bpmn-js has imported it). */
  ready: boolean;
  /** The diagram as bpmn-js draws it (saveSVG). */
  getSvg: () => Promise<string>;
  /** Names the downloads (the process name). */
  name?: string;
  /** A failed export's message for the user; null clears it. */
  onError: (text: string | null) => void;
  /** Said after an export that was not drawn as asked (a PNG's scale lowered); null clears it. */
  onNote: (text: string | null) => void;
}

/**
 * SVG and PNG buttons of the viewer's and the editor's toolbars, with the
 * PNG's scale. A PNG too large for the browser is drawn at a lower scale
 * with a note saying so, or refused with a message pointing to SVG: the
 * tab never tries to draw a canvas the browser cannot hold.
 */
export function PictureExport({ ready, getSvg, name, onError, onNote }: PictureExportProps) {
  const [busy, setBusy] = useState<'svg' | 'png' | null>(null);
  const [scale, setScale] = useState<number>(PNG_DEFAULT_SCALE);

  const run = async (kind: 'svg' | 'png') => {
    setBusy(kind);
    onError(null);
    onNote(null);
    try {
      const svg = await getSvg();
      if (kind === 'svg') {
        downloadBlob(new Blob([svg], { type: 'image/svg+xml' }), pictureFileName(name, 'svg'));
      } else {
        const { blob, note } = await svgToPng(svg, scale);
        downloadBlob(blob, pictureFileName(name, 'png'));
        onNote(note);
      }
    } catch (err) {
      onError(`${kind.toUpperCase()} export failed: ${err instanceof Error ? err.message : 'please try again.'}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <button type="button" className="btn btn-small" onClick={() => void run('svg')} disabled={!ready || busy !== null} aria-label="Download the diagram as SVG">
        {busy === 'svg' ? 'SVG…' : 'SVG'}
      </button>
      {/* The scale stays beside its button: wrapped onto a line of its own (a phone's toolbar) "2×" said nothing. */}
      <span className="bpmn-png-group">
        <button type="button" className="btn btn-small" onClick={() => void run('png')} disabled={!ready || busy !== null} aria-label="Download the diagram as PNG">
          {busy === 'png' ? 'PNG…' : 'PNG'}
        </button>
        <select
          className="bpmn-png-scale"
          aria-label="PNG scale"
          title="PNG scale"
          value={scale}
          disabled={!ready || busy !== null}
          onChange={(e) => setScale(Number(e.target.value))}
        >
          {PNG_SCALES.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
      </span>
    </>
  );
}
