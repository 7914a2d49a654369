/** Reading speed used for 'N min read'. */
export const WORDS_PER_MINUTE = 225;

/**
 * Counts the words a reader reads: code blocks, inline code, images, link
 * targets, HTML tags and markdown markup characters are excluded (link text
 * stays, it is read).
 */
export function countWords(markdown: string): number {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/~~~[\s\S]*?~~~/g, ' ')
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/gm, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[#*_>`~|=[\]()\\]+/g, ' ');
  const words = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  return words.length;
}

/** Minutes to read the body: ceil(words / 225), at least 1. */
export function readTimeMinutes(body: string): number {
  return Math.max(1, Math.ceil(countWords(body) / WORDS_PER_MINUTE));
}

/** 'N min read'. */
export function readTimeLabel(body: string): string {
  return `${readTimeMinutes(body)} min read`;
}
