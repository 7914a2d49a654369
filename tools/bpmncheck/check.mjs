// check.mjs reads BPMN files and reports, as a JSON array on stdout, what
// the reference tools say about each: bpmn-moddle import warnings and
// bpmnlint findings with its recommended config.
//
//   node check.mjs a.bpmn b.bpmn ...
//
// Output: [{file, warnings: [..], lintErrors, lintWarnings, findings: [{rule, id, message, category}], error?}]
// Exit status: 0 when every file was read (findings do not change it), 2 on usage errors.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { BpmnModdle } from 'bpmn-moddle';

const require = createRequire(import.meta.url);
const { Linter } = require('bpmnlint');
const NodeResolver = require('bpmnlint/lib/resolver/node-resolver');

async function check(file) {
  const out = { file, warnings: [], lintErrors: 0, lintWarnings: 0, findings: [] };
  try {
    const xml = await readFile(file, 'utf8');
    const moddle = new BpmnModdle();
    const { rootElement, warnings } = await moddle.fromXML(xml, 'bpmn:Definitions');
    out.warnings = warnings.map((w) => w.message);
    // A new linter per file: a reused one carries rule state across files.
    const linter = new Linter({
      config: { extends: 'bpmnlint:recommended' },
      resolver: new NodeResolver({ require }),
    });
    const results = await linter.lint(rootElement);
    for (const [rule, reports] of Object.entries(results)) {
      for (const r of reports) {
        const category = r.category === 'error' ? 'error' : r.category === 'warn' ? 'warn' : r.category;
        out.findings.push({ rule, id: r.id, message: r.message, category });
        if (category === 'error') out.lintErrors++;
        else if (category === 'warn') out.lintWarnings++;
      }
    }
  } catch (err) {
    out.error = String(err && err.message || err);
  }
  return out;
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node check.mjs FILE.bpmn ...');
  process.exit(2);
}
const results = [];
for (const f of files) {
  results.push(await check(f));
}
process.stdout.write(JSON.stringify(results, null, 1) + '\n');
