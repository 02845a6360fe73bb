// The frontend's request and answer types, generated from the server's OpenAPI document with
// openapi-typescript.
//
//   node scripts/api-types.mjs          regenerates src/api/schema.ts from src/api/openapi.json
//   node scripts/api-types.mjs --check  regenerates into a temporary file and fails when it
//                                       differs from the checked-in src/api/schema.ts
//
// src/api/openapi.json is the server's GET /api/openapi.json, pretty-printed in the order served;
// a Rust test compares the two, so a change on either side fails one build or the other.
//
// The document gives several operations one operationId (create, get, list, update, remove,
// types: utoipa names an operation after its handler function). openapi-typescript keys its
// `operations` interface by operationId, so repeated ids would declare one property twice and
// fail tsc: an id used more than once is left out here, and those operations are written inline
// under `paths` instead (the paths, the one thing the frontend names, are the same either way).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const documentFile = path.join(root, 'src/api/openapi.json');
const schemaFile = path.join(root, 'src/api/schema.ts');
const rel = (file) => path.relative(root, file);

function withUniqueOperationIds(document) {
  const operations = Object.values(document.paths ?? {}).flatMap((item) =>
    Object.values(item).filter((op) => op && typeof op === 'object' && 'responses' in op),
  );
  const uses = new Map();
  for (const op of operations) if (op.operationId) uses.set(op.operationId, (uses.get(op.operationId) ?? 0) + 1);
  for (const op of operations) if (uses.get(op.operationId) > 1) delete op.operationId;
  return document;
}

async function generate() {
  const document = withUniqueOperationIds(JSON.parse(readFileSync(documentFile, 'utf8')));
  return `${COMMENT_HEADER}${astToString(await openapiTS(document, { silent: true }))}`;
}

const source = await generate();
if (!process.argv.includes('--check')) {
  writeFileSync(schemaFile, source);
  console.log(`api:types: wrote ${rel(schemaFile)} from ${rel(documentFile)}`);
} else {
  const dir = mkdtempSync(path.join(tmpdir(), 'api-types-'));
  try {
    const fresh = path.join(dir, 'schema.ts');
    writeFileSync(fresh, source);
    if (readFileSync(fresh, 'utf8') !== readFileSync(schemaFile, 'utf8')) {
      console.error(
        `api:check: ${rel(schemaFile)} is not what ${rel(documentFile)} generates (fresh copy: ${fresh} differs).\n` +
          'Refresh src/api/openapi.json from the server if the API changed, run `npm run api:types` and commit both.',
      );
      process.exitCode = 1;
      // Keep the fresh copy for a diff.
    } else {
      console.log(`api:check: ${rel(schemaFile)} matches ${rel(documentFile)}`);
      rmSync(dir, { recursive: true, force: true });
    }
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}
