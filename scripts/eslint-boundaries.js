// Import boundaries of the console (docs/architecture.md): app → features → data → components → map/api →
// lib, each layer importing only those after it; features never import each other; only tests import
// src/testing; no import cycles anywhere; the packages one folder wraps imported only there. One module, so
// the lint test (scripts/eslint-boundaries.test.ts) checks the very rules eslint.config.js applies.
import { readdirSync } from 'node:fs'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'

/** The layers, outermost first: each may import only the layers after it. */
const LAYERS = [
  ['app', ['app']],
  ['features', ['features']],
  ['data', ['data']],
  ['components', ['components']],
  ['map and api', ['map', 'api', 'config']],
  ['lib', ['lib']],
]

const dir = (name) => `./src/${name}`

function layerZones({ tests }) {
  const zones = []
  LAYERS.forEach(([label, dirs], i) => {
    // Tests of a feature render it through the app's routes, as the user reaches it.
    const outer = LAYERS.slice(0, i)
      .filter(([l]) => !(tests && label === 'features' && l === 'app'))
      .flatMap(([, d]) => d)
    if (outer.length === 0) return
    zones.push({
      target: dirs.map(dir),
      from: outer.map(dir),
      message: `${label} may import only the layers below it (app → features → data → components → map/api → lib).`,
    })
  })
  return zones
}

function featureZones(features) {
  return features.map((name) => ({
    target: dir(`features/${name}`),
    from: dir('features'),
    except: [`./${name}`],
    message: 'Features never import each other: share through src/data, src/components or src/lib.',
  }))
}

/**
 * src/testing (render helpers over the in-process simulator, builders, shared test data) is for tests alone:
 * no module of the console imports it, so none of it can reach the bundle.
 */
const testingZone = {
  target: [...LAYERS.flatMap(([, dirs]) => dirs.map(dir)), './src/main.tsx'],
  from: dir('testing'),
  message: 'Only tests import src/testing: the console never does.',
}

/** The features of the console: one folder each under src/features. */
export function featureNames(root = 'src/features') {
  try {
    return readdirSync(root, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  } catch {
    return []
  }
}

/** The flat-config blocks that hold the boundaries; `features` defaults to the folders of src/features. */
export function boundaries(features = featureNames()) {
  const plugin = { 'import-x': importX }
  const settings = {
    'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    // The cycle check parses the modules an import reaches: TypeScript ones too.
    'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  }
  const rules = (tests) => ({
    'import-x/no-restricted-paths': [
      'error',
      { zones: [...layerZones({ tests }), ...featureZones(features), ...(tests ? [] : [testingZone])] },
    ],
  })
  return [
    {
      files: ['src/**/*.{ts,tsx}'],
      ignores: ['src/**/*.test.{ts,tsx}'],
      plugins: plugin,
      settings,
      rules: rules(false),
    },
    { files: ['src/**/*.test.{ts,tsx}'], plugins: plugin, settings, rules: rules(true) },
    {
      files: ['**/*.{ts,tsx}'],
      plugins: plugin,
      settings,
      rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
    },
  ]
}

/**
 * What one folder of the console alone imports: the package it wraps (or, for src/testing, the simulator the
 * tests run on). `tests`: the console's tests may import it too (they measure with turf independently).
 */
const HOMES = [
  {
    dir: 'src/map',
    group: ['maplibre-gl', 'maplibre-gl/*', 'terra-draw', 'terra-draw-*'],
    message: 'Only src/map/ imports the map engine.',
  },
  {
    dir: 'src/components/schema-form',
    group: ['@rjsf/*'],
    message: 'Only src/components/schema-form/ imports rjsf.',
  },
  { dir: 'src/testing', group: ['**/simulator/**'], message: 'The console never imports the simulator.' },
  {
    dir: 'src/lib/geo',
    group: ['@turf/*'],
    message: 'Only src/lib/geo/ wraps turf: add the operation there and import it from lib/geo.',
    tests: true,
  },
]

/**
 * The flat-config blocks that keep each wrapped package in its folder (`no-restricted-imports`). A rule's
 * options are replaced, not merged, by a later block, so each block lists every restriction that holds where
 * it applies: the console, its tests, each home, each home's tests (the later wins).
 */
export function packageHomes() {
  const TESTS = '**/*.test.{ts,tsx}'
  const rule = (free) => ({
    'no-restricted-imports': [
      'error',
      { patterns: HOMES.filter((h) => !free(h)).map(({ group, message }) => ({ group, message })) },
    ],
  })
  return [
    { files: ['src/**/*.{ts,tsx}'], rules: rule(() => false) },
    { files: [`src/${TESTS}`], rules: rule((h) => h.tests === true) },
    ...HOMES.flatMap((home) => [
      { files: [`${home.dir}/**/*.{ts,tsx}`], rules: rule((h) => h === home) },
      { files: [`${home.dir}/${TESTS}`], rules: rule((h) => h === home || h.tests === true) },
    ]),
  ]
}

/**
 * The service's resources (src/data/) never import src/components/, though the layers would let them: what
 * both need is pure and lives in src/lib/ (the order forms' model in src/lib/order-params/; decision 68).
 */
const DATA_REFUSES = {
  regex: '^(\\.\\./)+components/',
  message:
    "src/data/ never imports src/components/: move what both need into src/lib/ (the order forms' model is in src/lib/order-params/).",
}

/**
 * The flat-config blocks that keep src/data/ off src/components/ (`no-restricted-imports`), to follow
 * `packageHomes()`: a later block replaces the rule's options, so each repeats the package homes' patterns
 * that hold there (its tests, as the console's, may import turf).
 */
export function dataImports() {
  const rule = (tests) => ({
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...HOMES.filter((h) => !(tests && h.tests === true)).map(({ group, message }) => ({
            group,
            message,
          })),
          DATA_REFUSES,
        ],
      },
    ],
  })
  return [
    { files: ['src/data/**/*.{ts,tsx}'], rules: rule(false) },
    { files: ['src/data/**/*.test.{ts,tsx}'], rules: rule(true) },
  ]
}

/**
 * The URL's search parameters are read and written in one place per feature (decision 57): its view hook,
 * `use-<feature>-view.ts`, over the pure readers and writers of its `url-state.ts`. Anywhere else in the
 * console, importing react-router's `useSearchParams`, or `lib/use-latest-search` (the same hook, its changes
 * built on the latest search), is refused. Each place that may is listed with its reason.
 */
export const URL_HOMES = [
  {
    files: 'src/**/use-*-view.ts',
    reason: "the view hooks: each feature's one reader and writer of its URL (the sign-in page's is in app/)",
  },
  {
    files: 'src/lib/use-latest-search.ts',
    reason: 'useSearchParams whose changes build on the latest search written: the lists’ view hooks use it',
  },
  { files: 'src/lib/use-latest-search.test.tsx', reason: 'the test of that hook' },
]

const URL_MESSAGE =
  "The URL is read and written in the feature's view hook (use-<feature>-view.ts) over its url-state.ts: take the value from there (decision 57)."

const URL_PATHS = [{ name: 'react-router', importNames: ['useSearchParams'], message: URL_MESSAGE }]
const URL_PATTERNS = [{ regex: '(^|/)use-latest-search$', message: URL_MESSAGE }]

/**
 * Adds the URL's rule to the `no-restricted-imports` blocks given (`packageHomes()`, `dataImports()`, in the
 * order the config applies them). A later block replaces the rule's options, so the URL's homes get, after
 * them all, a twin of each block that applies to them (its files and a URL home both matched), holding that
 * block's restrictions without the URL's: the last block that applies to a file still decides, as before.
 */
export function oneUrlHome(blocks) {
  const homes = URL_HOMES.map((h) => h.files)
  const withUrl = (options) => ({
    ...options,
    paths: [...(options.paths ?? []), ...URL_PATHS],
    patterns: [...(options.patterns ?? []), ...URL_PATTERNS],
  })
  return [
    ...blocks.map((block) => {
      const [level, options] = block.rules['no-restricted-imports']
      return { ...block, rules: { ...block.rules, 'no-restricted-imports': [level, withUrl(options)] } }
    }),
    ...blocks.map((block) => ({
      ...block,
      files: block.files.flatMap((f) => homes.map((h) => [f, h])),
    })),
  ]
}
