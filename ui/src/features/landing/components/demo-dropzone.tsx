import { useDropzone, type FileRejection } from 'react-dropzone';
import { Icon } from '../../../components/icons';
import { demoAccept, demoTexts, sizeMb, validateDemoFile, DEMO_MAX_BYTES, type DemoKind } from '../lib/file-rules';

/** Props of DemoDropzone. */
export interface DemoDropzoneProps {
  kind: DemoKind;
  file: File | null;
  disabled?: boolean;
  onFile: (file: File | null) => void;
  onInvalid: (error: { type: 'size' | 'format'; message: string } | { type: 'many'; message: string }) => void;
}

/** One demo drop zone with the chosen-file card. */
export function DemoDropzone({ kind, file, disabled, onFile, onInvalid }: DemoDropzoneProps) {
  const onDrop = (accepted: File[], rejected: FileRejection[]) => {
    if (accepted.length + rejected.length > 1 || rejected.some((r) => r.errors.some((e) => e.code === 'too-many-files'))) {
      onInvalid({ type: 'many', message: demoTexts[kind].tooMany });
      return;
    }
    const candidate = accepted[0] ?? rejected[0]?.file;
    if (!candidate) return;
    const problem = validateDemoFile(kind, candidate);
    if (problem) {
      onInvalid(problem);
      return;
    }
    onFile(candidate);
  };
  const { getRootProps, getInputProps, isDragAccept, isDragReject, isDragActive } = useDropzone({
    onDrop,
    accept: demoAccept[kind],
    multiple: false,
    maxSize: DEMO_MAX_BYTES,
    disabled,
  });

  if (file) {
    return (
      <div className="file-card" data-testid={`${kind}-file`}>
        <Icon name={kind} />
        <span className="file-name" title={file.name}>
          {file.name}
        </span>
        <span className="muted">{sizeMb(file.size, 2)} MB</span>
        <button type="button" className="icon-button" aria-label={`Remove ${file.name}`} onClick={() => onFile(null)}>
          ×
        </button>
      </div>
    );
  }
  const state = isDragReject ? ' reject' : isDragAccept ? ' accept' : '';
  return (
    <div
      {...getRootProps({
        className: `dropzone${state}`,
        'aria-label': kind === 'document' ? 'Upload a process document' : 'Upload a process image',
      })}
    >
      <input {...getInputProps({ 'data-testid': `${kind}-input` } as React.InputHTMLAttributes<HTMLInputElement>)} />
      <div className="dropzone-icon">
        <Icon name={kind} size={36} />
      </div>
      <p>
        {isDragActive
          ? 'Drop the file here'
          : kind === 'document'
            ? 'Drag & drop a process document here, or click to browse'
            : 'Drag & drop a process diagram image here, or click to browse'}
      </p>
      <p className="muted">{demoTexts[kind].hint}</p>
    </div>
  );
}
