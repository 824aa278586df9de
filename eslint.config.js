import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import reactRefresh from 'eslint-plugin-react-refresh'
import tseslint from 'typescript-eslint'
import { defineConfig, globalIgnores } from 'eslint/config'
import { boundaries } from './scripts/eslint-boundaries.js'

// Import boundaries (docs/architecture.md): the layers and features of the console and no cycles
// (scripts/eslint-boundaries.js); only src/map/ touches the map engine; only src/components/schema-form/
// touches rjsf; the console never imports the simulator, and the simulator takes nothing from the console but
// the generated contract types.

const MAP_ONLY = ['maplibre-gl', 'maplibre-gl/*', 'terra-draw', 'terra-draw-*']
const FORM_ONLY = ['@rjsf/*']
const restricted = (...groups) => ['error', { patterns: groups.filter((g) => g.group.length > 0) }]

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
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/map/**', 'src/components/schema-form/**'],
    rules: {
      'no-restricted-imports': restricted(
        { group: MAP_ONLY, message: 'Only src/map/ imports the map engine.' },
        { group: FORM_ONLY, message: 'Only src/components/schema-form/ imports rjsf.' },
        { group: ['**/simulator/**'], message: 'The console never imports the simulator.' },
      ),
    },
  },
  {
    // Test helpers run the console over the in-process simulator; nothing here reaches the bundle.
    files: ['src/testing/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restricted(
        { group: MAP_ONLY, message: 'Only src/map/ imports the map engine.' },
        { group: FORM_ONLY, message: 'Only src/components/schema-form/ imports rjsf.' },
      ),
    },
  },
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
    // The simulator's domain knows no HTTP, and its rules take no constants from the seed (decision 54):
    // ids and instants they share live in domain/world/ids.ts. Seeders and tests may use a seeded world.
    files: ['simulator/domain/**/*.ts'],
    ignores: ['simulator/domain/seed/**', 'simulator/domain/**/seed.ts', 'simulator/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)src/(?!api/schema$)',
              message: 'The simulator takes only the generated contract types from the console.',
            },
            {
              regex: '^(\\.\\./)+(http|routes)/|^(\\.\\./)+(app|control|serve)$',
              message:
                'The simulator domain knows no HTTP: routes and http/ call the domain, never the reverse.',
            },
            {
              regex: '(^|/)seed/[a-z-]+$',
              message: 'Rules take no constants from a seed module: shared ids live in domain/world/ids.ts.',
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
