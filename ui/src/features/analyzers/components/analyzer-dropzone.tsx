import type { InputHTMLAttributes } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { Icon, type IconName } from '../../../components/icons';
import type { AnalyzerKind } from '../api/types';
import { ACCEPT, MAX_BYTES, TEXTS, sizeMb, validateFile, type FileProblem } from '../lib/file-rules';

const icon: Record<AnalyzerKind, IconName> = { document: 'document', image: 'image', bpmn: 'diagram' };

/** Props of AnalyzerDropzone. */
export interface AnalyzerDropzoneProps {
  kind: AnalyzerKind;
  file: File | null;
  disabled?: boolean;
  onFile: (file: File | null) => void;
  onInvalid: (problem: FileProblem | { type: 'many'; message: string }) => void;
}

/**
 * The analyzer drop zone (one file; the spec's accept list and size) and,
 * once a file is chosen, the file card with its size in MB and a remove
 * button. Drag-accept is green, drag-reject red, hover blue.
 */
export function AnalyzerDropzone({ kind, file, disabled, onFile, onInvalid }: AnalyzerDropzoneProps) {
  const onDrop = (accepted: File[], rejected: FileRejection[]) => {
    if (accepted.length + rejected.length > 1 || rejected.some((r) => r.errors.some((e) => e.code === 'too-many-files'))) {
      onInvalid({ type: 'many', message: TEXTS[kind].tooMany });
      return;
    }
    const candidate = accepted[0] ?? rejected[0]?.file;
    if (!candidate) return;
    const problem = validateFile(kind, candidate);
    if (problem) onInvalid(problem);
    else onFile(candidate);
  };
  const { getRootProps, getInputProps, isDragAccept, isDragReject, isDragActive } = useDropzone({
    onDrop,
    accept: ACCEPT[kind],
    multiple: false,
    // Size is checked by validateFile so the message carries the size.
    maxSize: Number.MAX_SAFE_INTEGER,
    disabled,
  });

  if (file) {
    return (
      <div className="file-card az-file-card" data-testid="selected-file">
        <Icon name={icon[kind]} />
        <span className="file-name" title={file.name}>
          {file.name}
        </span>
        <span className="muted">{sizeMb(file.size, 2)} MB</span>
        {disabled ? null : (
          <button type="button" className="icon-button" aria-label={`Remove ${file.name}`} onClick={() => onFile(null)}>
            ×
          </button>
        )}
      </div>
    );
  }
  const state = isDragReject ? ' reject' : isDragAccept ? ' accept' : '';
  return (
    <div {...getRootProps({ className: `dropzone az-dropzone${state}`, 'aria-label': TEXTS[kind].title })}>
      <input {...getInputProps({ 'data-testid': `${kind}-file-input` } as InputHTMLAttributes<HTMLInputElement>)} />
      <div className="dropzone-icon">
        <Icon name={icon[kind]} size={36} />
      </div>
      <p>{isDragActive ? (isDragReject ? TEXTS[kind].badType : 'Drop the file here') : 'Drag & drop a file here, or click to browse'}</p>
      <p className="muted">{TEXTS[kind].hint.replace(/up to \d+ MB/, `up to ${MAX_BYTES[kind] / (1024 * 1024)} MB`)}</p>
    </div>
  );
}
