import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';

const here = path.dirname(fileURLToPath(import.meta.url));
const features = readdirSync(path.join(here, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// One-way imports (bulletproof-react): lib and components <- features <- app.
// A page that combines features lives in src/app/routes, never in a feature.
const boundaries = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move the shared part to src/components or src/lib, or compose the page in src/app/routes.',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Features do not import src/app (the app imports features).',
  },
  {
    target: ['./src/components', './src/lib'],
    from: ['./src/features', './src/app'],
    message: 'Shared code (src/components, src/lib) does not import features or the app.',
  },
];

export default tseslint.config(
  // src/api/schema.ts is generated from src/api/openapi.json (npm run api:types).
  { ignores: ['dist', 'node_modules', 'src/api/schema.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Resolves the '@/' alias through tsconfig.json; an unresolved import would slip past the zones.
      'import/resolver': { typescript: { project: path.join(here, 'tsconfig.json') } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import/no-unresolved': 'error',
      'import/no-restricted-paths': ['error', { basePath: here, zones: boundaries }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
