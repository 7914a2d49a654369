// Picture exports of the diagram on screen: SVG as bpmn-js draws it, PNG by
// drawing that SVG on a canvas. The PNG's size is bounded, so a 2,000-node
// model at 10× fails neither the tab nor the browser's canvas limits.

/** Largest PNG side in px (Chromium and Firefox refuse canvases beyond ~16–32 k). */
export const PNG_MAX_SIDE = 8192;
/** Largest PNG area in px (≈ 128 MB of RGBA while drawing). */
export const PNG_MAX_PIXELS = 32_000_000;
/** The scale a PNG is drawn at unless bounded: sharp on slides and high-density screens. */
export const PNG_DEFAULT_SCALE = 2;
/** The PNG scales offered beside the PNG button. */
export const PNG_SCALES = [1, 2, 4, 10] as const;
/**
 * Below this scale a PNG's labels (11–12 px in the diagram) shrink under
 * 6 px, too small to read: such a picture is refused with a pointer to SVG
 * instead of a useless download.
 */
export const PNG_MIN_SCALE = 0.5;

/**
 * The scale to draw an SVG of `width` × `height` px at: the requested
 * scale, lowered so that neither side exceeds PNG_MAX_SIDE and the area
 * stays within PNG_MAX_PIXELS. Returns 0 for a picture without size.
 */
export function boundedPngScale(width: number, height: number, requested = PNG_DEFAULT_SCALE): number {
  if (!(width > 0) || !(height > 0)) return 0;
  const want = Number.isFinite(requested) && requested > 0 ? requested : 1;
  return Math.min(want, PNG_MAX_SIDE / width, PNG_MAX_SIDE / height, Math.sqrt(PNG_MAX_PIXELS / (width * height)));
}

/** How a PNG of a picture of width × height px at a requested scale is drawn. */
export interface PngPlan {
  /** The scale it is drawn at (the requested one unless bounded). */
  scale: number;
  /** Said to the user when the scale was lowered; null when it was not. */
  note: string | null;
}

const px = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * Plans a PNG at `requested` scale: bounded by the browser's canvas limits,
 * with a note when lowered; throws an Error whose message says why (and
 * offers SVG) when even the bounded picture would be unreadable.
 */
export function planPng(width: number, height: number, requested = PNG_DEFAULT_SCALE): PngPlan {
  const scale = boundedPngScale(width, height, requested);
  if (scale <= 0) throw new Error('The diagram has no size to draw.');
  const limits = `browsers draw pictures of up to ${px(PNG_MAX_SIDE)} px a side and ${PNG_MAX_PIXELS / 1_000_000} million pixels`;
  if (scale < PNG_MIN_SCALE) {
    throw new Error(
      `The diagram is too large for a readable PNG (${px(width)} × ${px(height)} px at 1×; ${limits}). Download SVG instead: it stays sharp at any size.`,
    );
  }
  if (scale >= requested - 1e-9) return { scale, note: null };
  const shown = Math.floor(scale * 10) / 10;
  return {
    scale,
    note: `The PNG was drawn at ${shown}× instead of ${requested}×: at ${requested}× it would be ${px(width * requested)} × ${px(height * requested)} px, and ${limits}. For a sharp picture at any size, download SVG.`,
  };
}

/** The pixel size an SVG declares (its width/height attributes, else its viewBox). */
export function svgSize(svg: string): { width: number; height: number } | null {
  const head = svg.slice(0, 2000);
  const num = (name: string) => {
    const m = new RegExp(`<svg[^>]*\\s${name}="([0-9.]+)`, 'i').exec(head);
    return m ? parseFloat(m[1]) : NaN;
  };
  let width = num('width');
  let height = num('height');
  if (!(width > 0 && height > 0)) {
    const vb = /<svg[^>]*\sviewBox="([-0-9.]+)[ ,]+([-0-9.]+)[ ,]+([0-9.]+)[ ,]+([0-9.]+)"/i.exec(head);
    if (!vb) return null;
    width = parseFloat(vb[3]);
    height = parseFloat(vb[4]);
  }
  return width > 0 && height > 0 ? { width, height } : null;
}

/** A download's file name from a process name (the picture or the diagram's BPMN): letters, digits, spaces turned to dashes. */
export function pictureFileName(name: string | undefined, ext: 'svg' | 'png' | 'bpmn'): string {
  const base = (name ?? '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${base || 'process-model'}.${ext}`;
}

/**
 * Draws the SVG on a white canvas at a bounded scale (planPng) and encodes
 * it as PNG; note says when the scale was lowered. Throws with a message
 * for the user when the picture cannot be drawn readably.
 */
export async function svgToPng(svg: string, requestedScale = PNG_DEFAULT_SCALE): Promise<{ blob: Blob; note: string | null }> {
  const size = svgSize(svg);
  if (!size) throw new Error('The diagram has no size to draw.');
  const { scale, note } = planPng(size.width, size.height, requestedScale);
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const img = new Image();
    img.decoding = 'async';
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('The browser could not draw the diagram.'));
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(size.width * scale));
    canvas.height = Math.max(1, Math.round(size.height * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('The browser could not draw the diagram.');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('The picture is too large for this browser; try SVG.');
    return { blob, note };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Offers a blob as a download under `name`. */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The download has started from the URL; free it after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
