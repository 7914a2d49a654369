// ESLint for the web app (issue 16 item 5): TypeScript and React hooks rules,
// plus the feature boundaries of bulletproof-react, enforced rather than
// hoped for. `npm run lint`; part of `go tool task lint`.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

// Every folder under src/features is a feature; reading the folder means a new
// feature is fenced in the day it is created.
const features = readdirSync(fileURLToPath(new URL('./src/features', import.meta.url)), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// Shared code is what features build on, so it must not depend on them (nor on
// the app shell that wires them together).
const shared = ['./src/components', './src/lib', './src/stores', './src/config'];

const boundaries = [
  // A feature never reaches into another feature: what two features need
  // lives in shared code. `app` (router, layout) is the one place that
  // composes features.
  ...features.map((f) => ({
    target: `./src/features/${f}`,
    from: './src/features',
    except: [`./${f}`],
    message: 'A feature does not import another feature; move what both need to components/ or lib/.',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Features do not import the app shell; the app imports features.',
  },
  {
    target: shared,
    from: ['./src/features', './src/app'],
    message: 'Shared code (components, lib, stores, config) does not import features or the app.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'e2e/artifacts', 'e2e/screens'] },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      // `_`-prefixed names are deliberately unused (positional parameters, rest siblings).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Node-side files: build config, Vite plugins, Playwright journeys.
    files: ['*.{ts,js}', 'vite-plugins/**', 'e2e/**', 'record/**'],
    languageOptions: { globals: { ...globals.node } },
  },
);
