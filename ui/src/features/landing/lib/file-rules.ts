import { DOCUMENT_ACCEPT, IMAGE_ACCEPT } from '../../../config/upload-types';

/** Demo upload rules (spec part 2 §5, §9). */
export type DemoKind = 'document' | 'image';

export const DEMO_MAX_BYTES = 10 * 1024 * 1024;

export const demoAccept: Record<DemoKind, Record<string, string[]>> = {
  document: DOCUMENT_ACCEPT,
  // The demo also takes GIF and BMP (spec part 2 §5).
  image: { ...IMAGE_ACCEPT, 'image/gif': ['.gif'], 'image/bmp': ['.bmp'] },
};

export const demoTexts = {
  document: {
    tooMany: 'Please upload only one document at a time',
    badType: 'Please upload a PDF, DOC, DOCX, or TXT file',
    empty: 'Please select a document file to analyze.',
    limit: 'Register for more uses!',
    serverLimit: 'Register for more uses!',
    hint: 'PDF, DOC, DOCX or TXT · up to 10 MB',
  },
  image: {
    tooMany: 'Please upload only one image at a time',
    badType: 'Please upload a JPG, JPEG, or PNG file',
    empty: 'Please select an image file to analyze.',
    limit: 'Daily limit reached. Register for more uses!',
    serverLimit: 'Demo limit reached. Register for more analyses!',
    hint: 'JPG, JPEG or PNG · up to 10 MB',
  },
} as const;

/** Size in MB with one decimal, as the limit message shows it. */
export function sizeMb(bytes: number, digits = 1): string {
  return (bytes / (1024 * 1024)).toFixed(digits);
}

function extensionOf(name: string): string {
  const i = name.lastIndexOf('.');
  return i < 0 ? '' : name.slice(i).toLowerCase();
}

/** Checks one file; returns the error kind and text, or null when it may be uploaded. */
export function validateDemoFile(kind: DemoKind, file: { name: string; size: number; type: string }): { type: 'size' | 'format'; message: string } | null {
  const exts = Object.values(demoAccept[kind]).flat();
  const mimes = Object.keys(demoAccept[kind]);
  const ext = extensionOf(file.name);
  if (!exts.includes(ext) && !mimes.includes(file.type)) return { type: 'format', message: demoTexts[kind].badType };
  if (file.size > DEMO_MAX_BYTES) return { type: 'size', message: `File size (${sizeMb(file.size)}MB) exceeds 10MB limit` };
  return null;
}
