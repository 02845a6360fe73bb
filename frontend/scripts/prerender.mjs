// Puts the home page, as src/app/prerender.tsx renders it (built for Node by webpack.config.js),
// into dist/index.html's #root, with the rule that hides it unless the boot script marked the
// document as being at the home page (src/app/boot/prerender.ts): the server sends this same
// index.html for every address.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const index = path.resolve(here, '../dist/index.html');
const require = createRequire(import.meta.url);
const { prerenderHome } = require(path.resolve(here, '../node_modules/.cache/prerender/prerender.cjs'));

const ROOT = '<div id="root"></div>';
// Inline styles are allowed by the page's Content-Security-Policy (inline scripts are not).
// display: contents: the wrapper adds no box, so the page lays out as the app's render will.
const RULE = '<style>[data-prerender]{display:none}html[data-prerendered] [data-prerender]{display:contents}</style>';

const html = readFileSync(index, 'utf8');
if (!html.includes(ROOT) || !html.includes('</head>')) {
  console.error(`prerender: ${index} has no ${ROOT} or </head>`);
  process.exit(1);
}
const page = await prerenderHome();
const out = html.replace('</head>', `${RULE}</head>`).replace(ROOT, `<div id="root"><div data-prerender>${page}</div></div>`);
writeFileSync(index, out);
const kb = (n) => (n / 1024).toFixed(1);
console.log(`Prerendered the home page into index.html: ${kb(out.length)} KB raw, ${kb(gzipSync(out, { level: 9 }).length)} KB gzip`);
