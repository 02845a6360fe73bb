// Writes a brotli (.br, best quality) and a gzip (.gz, level 9) copy beside every content-hashed
// script and stylesheet of dist/assets, which the server sends to browsers that accept them
// (crates/api/src/web_assets.rs, `precompressed`): smaller than what it compresses on the fly
// for each request. A copy that would not be smaller is not written.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/assets');
const hashed = /\.[0-9a-f]{8}\.(js|css)$/;

let raw = 0;
let packed = 0;
for (const name of readdirSync(assets)) {
  if (/\.(br|gz)$/.test(name)) {
    rmSync(path.join(assets, name));
    continue;
  }
  if (!hashed.test(name)) continue;
  const body = readFileSync(path.join(assets, name));
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gz = gzipSync(body, { level: 9 });
  if (br.length < body.length) writeFileSync(path.join(assets, `${name}.br`), br);
  if (gz.length < body.length) writeFileSync(path.join(assets, `${name}.gz`), gz);
  raw += body.length;
  packed += Math.min(br.length, body.length);
}
console.log(`Pre-compressed scripts and styles: ${(raw / 1024).toFixed(1)} KB -> ${(packed / 1024).toFixed(1)} KB brotli`);
