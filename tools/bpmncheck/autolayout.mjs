// autolayout.mjs runs bpmn-auto-layout (the reference layouter of the
// layout benchmark) on BPMN files and writes the laid-out copies.
//
//   node autolayout.mjs OUT_DIR IN.bpmn ...
//
// Prints a JSON array [{file, out, ms, runs, error?}] where ms is the
// median wall time of layoutProcess over the runs.
import { readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { layoutProcess } from 'bpmn-auto-layout';

const [outDir, ...files] = process.argv.slice(2);
if (!outDir || files.length === 0) {
  console.error('usage: node autolayout.mjs OUT_DIR IN.bpmn ...');
  process.exit(2);
}
const results = [];
for (const file of files) {
  const res = { file };
  try {
    const xml = await readFile(file, 'utf8');
    const times = [];
    let out = '';
    // one warm-up run, then timed runs (fewer for big graphs)
    const runs = xml.length > 200000 ? 3 : 7;
    await layoutProcess(xml);
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      out = await layoutProcess(xml);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    res.ms = times[Math.floor(times.length / 2)];
    res.runs = runs;
    res.out = join(outDir, basename(file).replace(/\.bpmn$/, '') + '.autolayout.bpmn');
    await writeFile(res.out, out);
  } catch (err) {
    res.error = String(err && err.message || err);
  }
  results.push(res);
}
process.stdout.write(JSON.stringify(results, null, 1) + '\n');
