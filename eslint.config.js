import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const webFeatures = 'apps/web/src/features';
// Every folder under features/ is a feature, so a new one is fenced in without editing this file.
const webFeatureNames = readdirSync(new URL(`./${webFeatures}`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // import-x resolves imports itself; without TypeScript's extensions it finds no `.ts` or
      // `.tsx` file, and then no-restricted-paths and no-cycle see nothing. Our imports are
      // extensionless and relative, or name a workspace package whose `exports` point at its
      // `src/index.ts`, and no tsconfig has `paths`, so import-x's own resolver (unrs-resolver,
      // the version the root `overrides` pins) is enough.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json', '.node'],
        }),
      ],
      // The files whose imports no-cycle follows.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      // On for the web and the packages below.
      'import-x/no-cycle': 'off',
    },
  },
  // No module of the web or of the packages reaches itself again through its imports. Type-only
  // imports do not count (they leave no code behind). Imports of another package (an npm one, or
  // @klik/api from the web) are not followed: no package imports back into the one importing it.
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // The business rules stay pure: nothing of ours, no Node, no browser.
  {
    files: ['packages/domain/src/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@klik/*', 'node:*', 'fs', 'path', 'kysely', 'react', 'fastify'] },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'localStorage'],
    },
  },
  {
    files: ['packages/api/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@klik/server', '@klik/web', 'node:*', 'react', 'fastify', 'kysely'] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: ['@klik/server', '**/apps/server/**'] }],
      // shared -> features -> app, and features do not import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: 'apps/web/src/shared',
              from: ['apps/web/src/features', 'apps/web/src/app'],
              message: 'shared/ imports neither features/ nor app/.',
            },
            {
              target: webFeatures,
              from: 'apps/web/src/app',
              message: 'A feature does not import app/; a test renders through src/test/.',
            },
            ...webFeatureNames.map((feature) => ({
              target: `${webFeatures}/${feature}`,
              from: webFeatures,
              except: [`./${feature}`],
              message: 'Features do not import each other; what two of them use goes to shared/.',
            })),
          ],
        },
      ],
    },
  },
);
