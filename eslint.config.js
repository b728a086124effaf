import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

const webFeatures = 'apps/web/src/features';

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
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      'import-x/no-cycle': 'off',
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
            { target: 'apps/web/src/shared', from: ['apps/web/src/features', 'apps/web/src/app'] },
            { target: webFeatures, from: 'apps/web/src/app' },
            ...[
              'auth',
              'positions',
              'market',
              'purchase',
              'clicks',
              'admin',
              'account',
              'notifications',
              'tpi',
              'sso',
              'margins',
              'price-alerts',
              'budgets',
              'hedge-policies',
              'deadlines',
              'standing-orders',
              'help',
            ].map((feature) => ({
              target: `${webFeatures}/${feature}`,
              from: webFeatures,
              except: [`./${feature}`],
            })),
          ],
        },
      ],
    },
  },
);
