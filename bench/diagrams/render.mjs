// render.mjs draws BPMN files to PNG with bpmn-js in Chromium, the way a
// user's screenshot of a modeller looks. It is run by hand when the image
// set changes; the PNGs are committed so that CI needs no browser.
//
//   node bench/diagrams/render.mjs OUTDIR file.bpmn:scale [file.bpmn:scale…]
//
// Modules come from ui/node_modules (or $SPADE_NODE_MODULES); the browser
// is Debian's /usr/bin/chromium (or $CHROMIUM).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const modules = process.env.SPADE_NODE_MODULES || path.join(here, '..', '..', 'ui', 'node_modules');
const require = createRequire(path.join(modules, 'x.js'));
const { chromium } = require('playwright-core');
const viewerJS = path.join(modules, 'bpmn-js', 'dist', 'bpmn-viewer.production.min.js');
const css = ['diagram-js.css', 'bpmn-js.css', 'bpmn-font/css/bpmn.css']
  .map((f) => readFileSync(path.join(modules, 'bpmn-js', 'dist', 'assets', f), 'utf8'))
  .join('\n');

const [outDir, ...jobs] = process.argv.slice(2);
if (!outDir || jobs.length === 0) {
  console.error('usage: node render.mjs OUTDIR file.bpmn:scale…');
  process.exit(2);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  for (const job of jobs) {
    const i = job.lastIndexOf(':');
    const file = job.slice(0, i);
    const scale = Number(job.slice(i + 1));
    const xml = readFileSync(file, 'utf8');
    const ctx = await browser.newContext({ deviceScaleFactor: scale, viewport: { width: 800, height: 600 } });
    const page = await ctx.newPage();
    await page.setContent(`<html><head><style>${css} body{margin:0;background:#fff} #c{width:800px;height:600px} .bjs-powered-by{display:none}</style></head><body><div id="c"></div></body></html>`);
    await page.addScriptTag({ path: viewerJS });
    let box;
    try {
      box = await page.evaluate(async (xml) => {
      const viewer = new window.BpmnJS({ container: '#c' });
      const { warnings } = await viewer.importXML(xml);
      const canvas = viewer.get('canvas');
      const inner = canvas.viewbox().inner;
      const pad = 20;
      const w = Math.ceil(inner.width + 2 * pad);
      const h = Math.ceil(inner.height + 2 * pad);
      const c = document.getElementById('c');
      c.style.width = w + 'px';
      c.style.height = h + 'px';
      canvas.resized();
      canvas.viewbox({ x: inner.x - pad, y: inner.y - pad, width: w, height: h });
      return { w, h, warnings: warnings.length };
      }, xml);
    } catch (err) {
      // a file without diagram interchange has nothing to draw
      console.error(`${file}: ${String(err.message).split('\n')[0]}`);
      await ctx.close();
      continue;
    }
    await page.setViewportSize({ width: box.w, height: box.h });
    const png = await page.locator('#c').screenshot({ type: 'png' });
    const name = path.basename(file, '.bpmn') + '@' + scale + '.png';
    writeFileSync(path.join(outDir, name), png);
    console.log(`${name} ${Math.round(box.w * scale)}x${Math.round(box.h * scale)} warnings=${box.warnings}`);
    await ctx.close();
  }
} finally {
  await browser.close();
}
