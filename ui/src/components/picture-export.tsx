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

/** The SVG and PNG downloads with their busy state, shared by the toolbar's buttons and a phone's menu items. */
export function usePictureExport({ getSvg, name, onError, onNote }: Omit<PictureExportProps, 'ready'>) {
  const [busy, setBusy] = useState<'svg' | 'png' | null>(null);

  const run = async (kind: 'svg' | 'png', scale: number = PNG_DEFAULT_SCALE) => {
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
  return { busy, run };
}

/**
 * SVG and PNG buttons of the viewer's and the editor's toolbars, with the
 * PNG's scale. A PNG too large for the browser is drawn at a lower scale
 * with a note saying so, or refused with a message pointing to SVG: the
 * tab never tries to draw a canvas the browser cannot hold.
 */
export function PictureExport({ ready, ...rest }: PictureExportProps) {
  const { busy, run } = usePictureExport(rest);
  const [scale, setScale] = useState<number>(PNG_DEFAULT_SCALE);

  return (
    <>
      <button type="button" className="btn btn-small" onClick={() => void run('svg')} disabled={!ready || busy !== null} aria-label="Download the diagram as SVG">
        {busy === 'svg' ? 'SVG…' : 'SVG'}
      </button>
      {/* The scale stays beside its button: wrapped onto a line of its own (a phone's toolbar) "2×" said nothing. */}
      <span className="bpmn-png-group">
        <button type="button" className="btn btn-small" onClick={() => void run('png', scale)} disabled={!ready || busy !== null} aria-label="Download the diagram as PNG">
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

/**
 * The same downloads as items of a phone's "More" menu: SVG, and PNG at each
 * scale (a scale picker inside a menu is one control too many for a finger).
 */
export function PictureExportItems({ ready, ...rest }: PictureExportProps) {
  const { busy, run } = usePictureExport(rest);
  return (
    <>
      <button type="button" role="menuitem" className="more-menu-item" onClick={() => void run('svg')} disabled={!ready || busy !== null} aria-label="Download the diagram as SVG">
        Download SVG
      </button>
      {PNG_SCALES.map((s) => (
        <button
          key={s}
          type="button"
          role="menuitem"
          className="more-menu-item"
          onClick={() => void run('png', s)}
          disabled={!ready || busy !== null}
          aria-label={`Download the diagram as PNG at ${s}×`}
        >
          Download PNG {s}×
        </button>
      ))}
    </>
  );
}
