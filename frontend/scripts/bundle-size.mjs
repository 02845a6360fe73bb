// Prints the gzip size of the JavaScript (and CSS) the home page loads before any lazy chunk:
// the <script> tags, the preloaded entry scripts (main.js, which the boot script runs) and the
// stylesheet tags of dist/index.html.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');

const collect = (re) => [...html.matchAll(re)].map((m) => m[1]).filter((src) => src.startsWith('/'));
const scripts = [
  ...collect(/<script[^>]*\ssrc="([^"]+)"/g),
  ...collect(/<link(?=[^>]*\srel="preload")(?=[^>]*\sas="script")[^>]*\shref="([^"]+)"/g),
];
const styles = collect(/<link[^>]*\shref="([^"]+\.css)"/g);

const measure = (files) =>
  files.map((file) => {
    const body = readFileSync(path.join(dist, file));
    return { file, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  });

const kb = (n) => (n / 1024).toFixed(1);
const report = (label, rows) => {
  const total = rows.reduce((s, r) => s + r.gzip, 0);
  for (const r of rows) console.log(`  ${r.file}  ${kb(r.raw)} KB raw, ${kb(r.gzip)} KB gzip`);
  console.log(`${label}: ${kb(total)} KB gzip`);
  return total;
};

const js = report('Initial JavaScript', measure(scripts));
report('Initial CSS', measure(styles));

// Issue 14's budget: 100 KB. react-dom alone is ~65 KB of it, react-router ~13, Redux Toolkit's
// core and React/react-redux ~7, the shell ~10. RTK Query with immer is a chunk of its own
// (webpack.config.js, rtkQueryOwnCore), which pages that read data fetch beside their own (the
// boot script starts both). A change that grows the first script of every page fails the build.
const budget = Number(process.env.JS_BUDGET_KB ?? 100) * 1024;
if (js > budget) {
  console.error(`Initial JavaScript exceeds the ${kb(budget)} KB gzip budget`);
  process.exit(1);
}
