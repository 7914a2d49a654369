import type { AnalyzerKind } from '../api/types';
import { DOCUMENT_ACCEPT, IMAGE_ACCEPT } from '../../../config/upload-types';

/** Upload size limits (spec §9). */
export const MAX_BYTES: Record<AnalyzerKind, number> = {
  document: 10 * 1024 * 1024,
  image: 20 * 1024 * 1024,
  bpmn: 10 * 1024 * 1024,
};

/** react-dropzone accept lists (spec §5). VSDX is left out of the BPMN list until it can be read (issue 12.11). */
export const ACCEPT: Record<AnalyzerKind, Record<string, string[]>> = {
  document: DOCUMENT_ACCEPT,
  image: IMAGE_ACCEPT,
  bpmn: {
    'application/xml': ['.bpmn', '.xml'],
    'text/xml': ['.bpmn', '.xml'],
    'application/json': ['.json'],
  },
};

/** The spec's texts per analyzer (§2, §5). */
export const TEXTS: Record<AnalyzerKind, { title: string; tooMany: string; badType: string; badTypeTitle?: string; hint: string; unit: string }> = {
  document: {
    title: 'Upload Your Process Document',
    tooMany: 'Please upload only one document at a time',
    badType: 'Please upload a PDF, DOC, DOCX, or TXT file',
    hint: 'PDF, DOC, DOCX or TXT · up to 10 MB',
    unit: 'document',
  },
  image: {
    title: 'Upload Your Process Image',
    tooMany: 'Please upload only one image at a time',
    badTypeTitle: 'File type not supported',
    badType: 'Please upload a JPG, JPEG, PNG, WEBP, HEIC, or HEIF file',
    hint: 'JPG, JPEG, PNG, WEBP, HEIC or HEIF · up to 20 MB',
    unit: 'image',
  },
  bpmn: {
    title: 'Upload Your Process File',
    tooMany: 'Please upload only one file at a time',
    badTypeTitle: 'File type not supported',
    badType: 'Please upload a BPMN, XML, or JSON file (VSDX is not supported yet)',
    hint: 'BPMN, XML or JSON · up to 10 MB',
    unit: 'BPMN file',
  },
};

/** Lower-case extension with the dot, or ''. */
export function extensionOf(name: string): string {
  const i = name.lastIndexOf('.');
  return i < 0 ? '' : name.slice(i).toLowerCase();
}

/** Size in MB with the given decimals. */
export function sizeMb(bytes: number, digits = 2): string {
  return (bytes / (1024 * 1024)).toFixed(digits);
}

/** A file the drop zone refused, with the text to show. */
export interface FileProblem {
  type: 'size' | 'format';
  message: string;
}

/** Checks one file; null when it may be uploaded. Type is judged by extension first, then MIME type. */
export function validateFile(kind: AnalyzerKind, file: { name: string; size: number; type: string }): FileProblem | null {
  const exts = new Set(Object.values(ACCEPT[kind]).flat());
  const ext = extensionOf(file.name);
  const okType = ext ? exts.has(ext) : Object.keys(ACCEPT[kind]).includes(file.type);
  if (!okType) return { type: 'format', message: TEXTS[kind].badType };
  const max = MAX_BYTES[kind];
  if (file.size > max) return { type: 'size', message: `File size (${sizeMb(file.size, 1)}MB) exceeds ${max / (1024 * 1024)}MB limit` };
  return null;
}
