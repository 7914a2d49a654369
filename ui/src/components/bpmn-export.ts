// Picture exports of the diagram on screen: SVG as bpmn-js draws it, PNG by
// drawing that SVG on a canvas. The PNG's size is bounded, so a 2,000-node
// model at 10× fails neither the tab nor the browser's canvas limits.

/** Largest PNG side in px (Chromium and Firefox refuse canvases beyond ~16–32 k). */
export const PNG_MAX_SIDE = 8192;
/** Largest PNG area in px (≈ 128 MB of RGBA while drawing). */
export const PNG_MAX_PIXELS = 32_000_000;
/** The scale a PNG is drawn at unless bounded: sharp on slides and high-density screens. */
export const PNG_DEFAULT_SCALE = 2;

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

/** Draws the SVG on a white canvas at a bounded scale and encodes it as PNG. */
export async function svgToPng(svg: string, requestedScale = PNG_DEFAULT_SCALE): Promise<Blob> {
  const size = svgSize(svg);
  if (!size) throw new Error('The diagram has no size to draw.');
  const scale = boundedPngScale(size.width, size.height, requestedScale);
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
    return blob;
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
