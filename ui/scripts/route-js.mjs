#!/usr/bin/env node
// Initial JavaScript per public route, gzipped: the entry chunk of
// index.html with every chunk it imports statically (what the browser
// loads before any page), plus the route's lazily loaded page module and
// its static imports (what react-router fetches before the page shows).
// Chunks the page fetches later (the demo's viewer, the editor) are not
// initial and are not counted. Reads the vite manifest of the last build
// (`npm run build` writes dist/.vite/manifest.json).
//
//   node scripts/route-js.mjs [--json] [--budget KB]
//
// Exits 1 when a route is over the budget (default 110 KB gzip), so that
// it can guard a build.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ui = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(ui, 'dist');
const args = process.argv.slice(2);
const asJSON = args.includes('--json');
const bi = args.indexOf('--budget');
const budgetKB = bi >= 0 ? Number(args[bi + 1]) : 110;

/** The public routes and the module each one loads lazily (src/app/router.tsx). */
const routes = {
  '/': 'src/features/landing/landing-page.tsx',
  '/login': 'src/features/auth/components/login-page.tsx',
  '/signup': 'src/features/auth/components/signup-page.tsx',
  '/callback': 'src/features/auth/components/callback-page.tsx',
  '/about': 'src/features/pages/about-page.tsx',
  '/contact': 'src/features/pages/contact-page.tsx',
  '/pricing': 'src/features/pages/pricing-page.tsx',
  '/blog': 'src/features/blog/components/blog-list-page.tsx',
  '/blog/*': 'src/features/blog/components/blog-post-page.tsx',
};

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
} catch (err) {
  console.error(`No vite manifest in ${dist}/.vite (run npm run build first): ${err.message}`);
  process.exit(2);
}

const gz = new Map();
/** Gzip size of one built file, level 9 (as the e2e journeys measure). */
function gzSize(file) {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gz.get(file);
}

/** The JS files a manifest entry loads before it runs: itself and its static imports, recursively. */
function closure(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest: is src/app/router.tsx still lazy-loading it?`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const k of chunk.imports ?? []) closure(k, into);
  return into;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entry = closure(entryKey);
const sum = (files) => [...files].reduce((n, f) => n + gzSize(f), 0);
const entryGz = sum(entry);
const rows = Object.entries(routes).map(([route, mod]) => {
  const page = [...closure(mod)].filter((f) => !entry.has(f));
  const total = entryGz + sum(page);
  return { route, entry: entryGz, page: sum(page), total, files: page };
});

if (asJSON) {
  console.log(JSON.stringify({ entry: [...entry], entry_gz: entryGz, routes: rows }, null, 2));
} else {
  const kb = (n) => (n / 1024).toFixed(1).padStart(6);
  console.log(`entry ${[...entry].join(' + ')}: ${kb(entryGz)} KB gz`);
  console.log('route          entry   page   total (KB gz)');
  for (const r of rows) console.log(`${r.route.padEnd(12)} ${kb(r.entry)} ${kb(r.page)} ${kb(r.total)}${r.total > budgetKB * 1024 ? '  over budget' : ''}   ${r.files.join(' ')}`);
}
process.exit(rows.some((r) => r.total > budgetKB * 1024) ? 1 : 0);
