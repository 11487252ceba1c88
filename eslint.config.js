import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { API_PATH_RULE, DECLARING_FILES, RAW_HELPER_FILES } from './scripts/lint/api-paths.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.tmp/**',
      'data/**',
      '**/drizzle/**',
      'test-results/**',
      '**/playwright-report/**',
      '**/test-results/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The endpoint declarations (their schemas) reach the web app through lib/api.ts only, which
    // ships the route table in production (docs/decisions/0090-web-route-table.md).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/lib/api.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/lib/endpoint-routes.*',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@club/contract',
              importNames: ['api'],
              message: 'Appeler les endpoints par lib/api.ts (`api`, `endpoints`) : décision 0090.',
            },
          ],
        },
      ],
    },
  },
  {
    // The API is called through its declarations, never by a path written by hand
    // (scripts/lint/api-paths.mjs): the contract declares the paths; the listed files are a
    // ratchet that only shrinks.
    files: ['**/*.{ts,tsx,mts,js,mjs,cjs}'],
    ignores: [...DECLARING_FILES, ...RAW_HELPER_FILES],
    rules: { 'no-restricted-syntax': API_PATH_RULE },
  },
);
