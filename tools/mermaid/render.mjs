// render.mjs draws Mermaid flowcharts to PNG in Debian's Chromium, for
// bench/diagrams' Mermaid set: each FILE.mmd becomes FILE.png beside it.
//
//   node tools/mermaid/render.mjs chart.mmd [chart.mmd…]
//
// The browser is /usr/bin/chromium (or $CHROMIUM); mermaid and
// playwright-core come from this folder's node_modules (npm ci).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node tools/mermaid/render.mjs chart.mmd…');
  process.exit(2);
}
const mermaidJS = path.join(here, 'node_modules', 'mermaid', 'dist', 'mermaid.min.js');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage({ viewport: { width: 800, height: 600 }, deviceScaleFactor: 1 });
  await page.setContent('<!doctype html><html><body style="margin:0;background:#fff"><div id="out" style="display:inline-block;padding:16px;background:#fff"></div></body></html>');
  await page.addScriptTag({ path: mermaidJS });
  await page.evaluate(() => window.mermaid.initialize({ startOnLoad: false, theme: 'default', flowchart: { htmlLabels: true, useMaxWidth: false } }));
  for (const [k, file] of files.entries()) {
    const src = readFileSync(file, 'utf8');
    const svg = await page.evaluate(async ({ src, k }) => {
      const { svg } = await window.mermaid.render(`chart${k}`, src);
      return svg;
    }, { src, k });
    await page.evaluate((svg) => { document.getElementById('out').innerHTML = svg; }, svg);
    const png = await page.locator('#out').screenshot({ type: 'png' });
    writeFileSync(file.replace(/\.mmd$/, '.png'), png);
  }
} finally {
  await browser.close();
}
