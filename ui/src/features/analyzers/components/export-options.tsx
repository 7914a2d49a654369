import { useCallback, useRef, useState } from 'react';
import { useDismiss } from '../../../components/use-dismiss';
import type { ExportType } from '../api/types';

/** Props of ExportOptions. */
export interface ExportOptionsProps {
  formats: ExportType[];
  /** The BPMN option waits for the process model. */
  graphReady: boolean;
  busy: ExportType | null;
  mobile: boolean;
  onExport: (type: ExportType) => void;
}

const label = (t: ExportType) => t.toUpperCase();

/** Export buttons (a 'Formats' dropdown on mobile); BPMN is disabled with a spinner until the graph exists. */
export function ExportOptions({ formats, graphReady, busy, mobile, onExport }: ExportOptionsProps) {
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(menuRef, open, close);
  const button = (t: ExportType, className: string) => {
    const waiting = t === 'bpmn' && !graphReady;
    return (
      <button
        key={t}
        type="button"
        className={className}
        disabled={waiting || busy !== null}
        onClick={() => {
          setOpen(false);
          onExport(t);
        }}
        title={waiting ? 'Waiting for the process model...' : `Export as ${label(t)}`}
        data-testid={`export-${t}`}
      >
        {waiting || busy === t ? <span className="spinner az-inline-spinner" aria-hidden="true" /> : null}
        {label(t)}
      </button>
    );
  };
  return (
    <div className="az-export" role="group" aria-label="Export Options">
      <span className="az-export-title">Export Options</span>
      {mobile ? (
        <div className="dropdown" ref={menuRef}>
          <button
            type="button"
            className="btn btn-secondary"
            aria-haspopup="menu"
            aria-expanded={open}
            onClick={() => setOpen((v) => !v)}
          >
            Formats ▾
          </button>
          {open ? <div className="dropdown-menu az-export-menu" role="menu">{formats.map((t) => button(t, 'dropdown-item'))}</div> : null}
        </div>
      ) : (
        <div className="az-export-buttons">{formats.map((t) => button(t, 'btn btn-secondary btn-small'))}</div>
      )}
    </div>
  );
}
