// Pixel diff of two folders of screenshots (the look suite's e2e/screens):
// `node e2e/compare-screens.mjs BEFORE AFTER` prints, per file, the number of
// pixels that differ (ImageMagick's `compare -metric AE` with no fuzz) and
// exits 1 when any file differs or is missing. Used to show that a CSS
// reorganisation changed nothing a person can see.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const { PNG } = createRequire(import.meta.url)('pngjs');
const [before, after] = process.argv.slice(2);
if (!before || !after) {
  console.error('usage: node e2e/compare-screens.mjs BEFORE_DIR AFTER_DIR');
  process.exit(2);
}
const names = new Set([...readdirSync(before), ...readdirSync(after)].filter((n) => n.endsWith('.png')));
let bad = 0;
for (const name of [...names].sort()) {
  let a, b;
  try {
    a = PNG.sync.read(readFileSync(join(before, name)));
    b = PNG.sync.read(readFileSync(join(after, name)));
  } catch (err) {
    console.log(`${name}: missing (${err.code ?? err.message})`);
    bad++;
    continue;
  }
  if (a.width !== b.width || a.height !== b.height) {
    console.log(`${name}: size ${a.width}x${a.height} → ${b.width}x${b.height}`);
    bad++;
    continue;
  }
  let diff = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2] || a.data[i + 3] !== b.data[i + 3]) diff++;
  }
  if (diff) bad++;
  console.log(`${name}: ${diff} px differ of ${a.width * a.height}`);
}
console.log(`${names.size} screenshots, ${bad} differ`);
process.exit(bad ? 1 : 0);
