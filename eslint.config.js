import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import reactRefresh from 'eslint-plugin-react-refresh'
import tseslint from 'typescript-eslint'
import { defineConfig, globalIgnores } from 'eslint/config'
import { boundaries, packageHomes } from './scripts/eslint-boundaries.js'

// Import boundaries (docs/architecture.md): the layers and features of the console and no cycles, and the
// packages one folder wraps (scripts/eslint-boundaries.js: only src/map/ touches the map engine, only
// src/components/schema-form/ rjsf, only src/lib/geo/ turf; the console never imports the simulator); the
// simulator takes nothing from the console but the generated contract types.

export default defineConfig([
  globalIgnores([
    'dist',
    'dist-simulator',
    'dist-bench',
    'src/api/schema.d.ts',
    'test-results',
    'playwright-report',
    'bench/results',
    'scripts/lint-fixtures',
  ]),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [
      js.configs.recommended,
      tseslint.configs.recommendedTypeChecked,
      reactHooks.configs.flat.recommended,
    ],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['src/**/*.tsx'],
    extends: [reactRefresh.configs.vite],
  },
  ...packageHomes(),
  {
    files: ['simulator/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)src/(?!api/schema$)',
              message: 'The simulator takes only the generated contract types from the console.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },
  ...boundaries(),
])
