/**
 * The API's JSON shapes, generated from the server's OpenAPI document (src/api/openapi.json,
 * `npm run api:types`). Features name their request and answer types as aliases of these, so a
 * change of the document on the Rust side breaks `tsc` here.
 */
import type { components } from './schema';

export type { components, operations, paths } from './schema';

/** The document's named schemas (`Schemas['ProductJson']`). */
export type Schemas = components['schemas'];
