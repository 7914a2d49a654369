import { useEffect, useRef, useState } from 'react';

// The parts of the bpmn-js Modeler we use; typed here so the heavy module
// (≈160 KB gzip) stays a lazy chunk loaded only when someone edits.
interface Modeler {
  importXML(xml: string): Promise<{ warnings: unknown[] }>;
  saveXML(opts: { format: boolean }): Promise<{ xml?: string }>;
  get(name: 'canvas'): { zoom(level: 'fit-viewport' | number, center?: 'auto'): number };
  get(name: 'commandStack'): { canUndo(): boolean; canRedo(): boolean; undo(): void; redo(): void };
  get(name: 'eventBus'): { on(event: string, fn: () => void): void };
  destroy(): void;
}

let modelerModule: Promise<new (opts: { container: HTMLElement; keyboard?: { bindTo: EventTarget } }) => Modeler> | null = null;

/** Loads the bpmn-js Modeler and its stylesheets once, on first edit. */
function loadModeler() {
  if (!modelerModule) {
    modelerModule = Promise.all([
      import('bpmn-js/lib/Modeler'),
      import('bpmn-js/dist/assets/diagram-js.css'),
      import('bpmn-js/dist/assets/bpmn-js.css'),
      import('bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css'),
    ])
      .then(([m]) => m.default as unknown as new (opts: { container: HTMLElement }) => Modeler)
      .catch((err: unknown) => {
        modelerModule = null;
        throw err;
      });
  }
  return modelerModule;
}

/** Props of BpmnEditor. */
export interface BpmnEditorProps {
  xml: string;
  height?: number;
  /** Saves the edited XML; a rejection's message is shown and editing goes on. */
  onSave: (xml: string) => Promise<void>;
  onCancel: () => void;
}

/**
 * Edit mode of the Process Model tab: the bpmn-js Modeler (palette, context
 * pad, drag into lanes, direct label editing) with Save and Cancel. The
 * bpmn.io watermark stays visible: its licence requires it.
 */
export function BpmnEditor({ xml, height = 600, onSave, onCancel }: BpmnEditorProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const modelerRef = useRef<Modeler | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const Ctor = await loadModeler();
        if (cancelled || !containerRef.current) return;
        const m = new Ctor({ container: containerRef.current });
        modelerRef.current = m;
        await m.importXML(xml);
        if (cancelled) return;
        m.get('canvas').zoom('fit-viewport', 'auto');
        m.get('eventBus').on('commandStack.changed', () => setDirty(true));
        setStatus('ready');
      } catch {
        if (!cancelled) setStatus('failed');
      }
    })();
    return () => {
      cancelled = true;
      modelerRef.current?.destroy();
      modelerRef.current = null;
    };
  }, [xml]);

  const save = async () => {
    const m = modelerRef.current;
    if (!m) return;
    setSaving(true);
    setError(null);
    try {
      const { xml: out } = await m.saveXML({ format: true });
      if (!out) throw new Error('The editor returned no diagram.');
      await onSave(out);
      setDirty(false);
    } catch (err) {
      setError((err as Error).message || 'Saving failed. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  const cancel = () => {
    if (dirty && !window.confirm('Discard your changes to the diagram?')) return;
    onCancel();
  };

  return (
    <div className="bpmn-editor" data-testid="bpmn-editor">
      <div className="bpmn-editor-bar" role="toolbar" aria-label="Diagram editing">
        <span className="muted bpmn-editor-hint">
          Drag shapes between lanes, double-click a label to rename, use the palette on the left to add steps.
        </span>
        <button type="button" className="btn btn-secondary" onClick={cancel} disabled={saving}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={saving || status !== 'ready'}>
          {saving ? 'Saving…' : 'Save version'}
        </button>
      </div>
      {error ? (
        <p className="bpmn-editor-error" role="alert">
          {error}
        </p>
      ) : null}
      {status === 'loading' ? (
        <p className="muted" role="status">
          <span className="spinner" aria-hidden="true" /> Loading the editor…
        </p>
      ) : null}
      {status === 'failed' ? (
        <p role="alert">The editor could not open this diagram. Export it as BPMN and edit it in another modeller.</p>
      ) : null}
      <div ref={containerRef} className="bpmn-editor-canvas" style={{ height }} />
    </div>
  );
}
