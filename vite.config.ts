/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os'
import react from '@vitejs/plugin-react'
import { Features } from 'lightningcss'
import type { Plugin as PostcssPlugin } from 'postcss'
import { defineConfig, transformWithOxc, type Plugin } from 'vite'
import { securityHeadersPlugin } from './scripts/security-headers.ts'
import { simulatorPlugin } from './simulator/vite-plugin.ts'

// The simulator is embedded unless the console is pointed at a real deployment (see README).
const embedded = !process.env.SWATH_API_URL
// The embedded simulator's world: SWATH_SEED=large adds 10,000 orders (the orders benchmark); default otherwise.
const seed = process.env.SWATH_SEED === 'large' ? 'large' : 'default'

/**
 * MapLibre's stylesheet styles every control it ships, and most of its weight is the icons of controls the
 * console never adds: the MapLibre logo alone is 5.7 KiB of the catalog's first load (gzip). The map engine
 * (src/map/engine-map.ts) adds the navigation control without its compass, the scale and the attribution;
 * adding another control means taking its class off this list.
 */
const UNUSED_MAPLIBRE_CLASSES = [
  'maplibregl-ctrl-logo',
  'maplibregl-ctrl-compass',
  'maplibregl-ctrl-geolocate',
  'maplibregl-user-location',
  'maplibregl-ctrl-fullscreen',
  'maplibregl-ctrl-shrink',
  'maplibregl-pseudo-fullscreen',
  'maplibregl-ctrl-terrain',
  'maplibregl-ctrl-globe',
  'maplibregl-cooperative-gesture',
]
/** A class of the list, or one it begins (`-enabled`, `-active`…), and the user-location dot's animation. */
const unusedMaplibre = new RegExp(UNUSED_MAPLIBRE_CLASSES.join('|'))

/** A PostCSS plugin (PostCSS itself comes with Vite) dropping those controls' rules from maplibre-gl.css. */
const trimMaplibreCss: PostcssPlugin = {
  postcssPlugin: 'swath-trim-maplibre-css',
  Once(root) {
    if (!root.source?.input.file?.endsWith('maplibre-gl/dist/maplibre-gl.css')) return
    root.walkRules((rule) => {
      const kept = rule.selectors.filter((s) => !unusedMaplibre.test(s))
      if (kept.length === 0) rule.remove()
      else if (kept.length < rule.selectors.length) rule.selectors = kept
    })
    // @media blocks left empty, and the user-location dot's @keyframes.
    root.walkAtRules((at) => {
      if (at.nodes?.length === 0 || unusedMaplibre.test(at.params)) at.remove()
    })
  },
}

/**
 * Mantine's AppShell header, footer and aside import react-remove-scroll only for two class names (the fixed
 * elements a modal's scroll lock pads); importing it brought the whole scroll-lock component into the shell,
 * 4 KiB (gzip) of every signed-in page's first load. For AppShell's files, the module is these names alone,
 * read from react-remove-scroll-bar's constants as react-remove-scroll does; modals still get the real one.
 */
const appShellScrollClassNames: Plugin = {
  name: 'swath-app-shell-scroll-class-names',
  enforce: 'pre',
  resolveId(source, importer) {
    if (
      source === 'react-remove-scroll' &&
      importer &&
      /@mantine[\\/]core[\\/].*[\\/]AppShell[\\/]/.test(importer)
    )
      return '\0swath:app-shell-remove-scroll'
  },
  load(id) {
    if (id !== '\0swath:app-shell-remove-scroll') return
    return [
      "import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants'",
      'export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } }',
    ].join('\n')
  },
}

/**
 * `@rjsf/core`'s entry re-exports its test registry, which imports the Ajv validator. The console validates
 * order forms with `json-schema-validator.ts` (no eval, decision 19) and never calls the test registry, so the
 * import resolves to nothing and the package is not installed.
 */
const rjsfWithoutAjv: Plugin = {
  name: 'swath-rjsf-without-ajv',
  enforce: 'pre',
  resolveId(source) {
    if (source === '@rjsf/validator-ajv8') return '\0swath:no-ajv-validator'
  },
  load(id) {
    if (id === '\0swath:no-ajv-validator') return 'export default undefined'
  },
}

/**
 * The production build compiles MapLibre from the TypeScript sources its package ships (`src/`), the map and
 * its worker alike, instead of taking its prebuilt bundles (decision 29). Built with the console, the map
 * drops what the console never calls, and neither side carries the decoder of MapLibre's own vector tile
 * format (MLT, below): 35 KiB (gzip) of the catalog's first load. The dev server keeps the prebuilt bundle
 * (one file to serve instead of some 500); the protocol between map and worker is the same release's.
 */
const MAPLIBRE_SRC = `${import.meta.dirname}/node_modules/maplibre-gl/src`
const maplibreFromSource: Plugin = {
  name: 'swath-maplibre-from-source',
  enforce: 'pre',
  apply: 'build',
  resolveId(source) {
    if (source === 'maplibre-gl') return `${MAPLIBRE_SRC}/index.ts`
    // src/map/engine-map.ts hands MapLibre its worker's URL; built from source, the worker is Vite's own.
    if (source === 'maplibre-gl/dist/maplibre-gl-worker.mjs?url')
      return `${MAPLIBRE_SRC}/source/worker.ts?worker&url`
  },
}

/**
 * MapLibre's classes declare fields that their base classes' constructors set (a style layer's `paint`, …),
 * and MapLibre compiles them as TypeScript's `useDefineForClassFields: false` does; with the console's own
 * settings (ES2022: define semantics) those declarations would reset the fields to undefined.
 */
const maplibreClassFields: Plugin = {
  name: 'swath-maplibre-class-fields',
  enforce: 'pre',
  apply: 'build',
  async transform(code, id) {
    const file = id.split('?')[0]
    if (!/[\\/]node_modules[\\/]maplibre-gl[\\/]src[\\/].*\.ts$/.test(file)) return
    const out = await transformWithOxc(code, file, {
      lang: 'ts',
      typescript: { removeClassFieldsWithoutInitializer: true },
      assumptions: { setPublicClassFields: true },
    })
    return { code: out.code, map: out.map }
  },
}

/**
 * MLT, MapLibre's own vector tile encoding, is read only from `vector` sources that ask for it; the console's
 * maps draw GeoJSON, images and raster tiles. Its decoder resolves to a stub that says so should one ever ask.
 */
const withoutMlt: Plugin = {
  name: 'swath-maplibre-without-mlt',
  enforce: 'pre',
  apply: 'build',
  resolveId(source) {
    if (source === '@maplibre/mlt') return '\0swath:no-mlt'
  },
  load(id) {
    if (id !== '\0swath:no-mlt') return
    return [
      // The values of the package's GEOMETRY_TYPE enum, which MapLibre's switch statements name.
      'export const GEOMETRY_TYPE = { POINT: 0, LINESTRING: 1, POLYGON: 2, MULTIPOINT: 3, MULTILINESTRING: 4, MULTIPOLYGON: 5 }',
      "export function decodeTile() { throw new Error('MLT vector tiles are not built into the console') }",
    ].join('\n')
  },
}

/**
 * The console's maps are all Mercator: none of its styles names a projection, and nothing calls
 * `setProjection`. MapLibre's projection factory imports the globe and vertical-perspective projections
 * (their transforms, camera helpers and covering-tile logic: about 10 KiB gzip of the catalog's first load)
 * for styles that ask for them. Built with the console, the factory is Mercator's alone (a projection
 * registered by name still works, as MapLibre's does); a style that asks for the globe fails loudly.
 */
const MAPLIBRE_PROJECTION_FACTORY =
  /[\\/]maplibre-gl[\\/]src[\\/]geo[\\/]projection[\\/]projection_factory\.ts$/
const mercatorOnly: Plugin = {
  name: 'swath-maplibre-mercator-only',
  enforce: 'pre',
  apply: 'build',
  load(id) {
    if (!MAPLIBRE_PROJECTION_FACTORY.test(id.split('?')[0])) return
    return [
      "import {warnOnce} from '../../util/util.ts'",
      "import {MercatorProjection} from './mercator_projection.ts'",
      "import {createMercatorTransform} from './mercator_transform.ts'",
      "import {MercatorCameraHelper} from './mercator_camera_helper.ts'",
      "import {CRSWorldCoordinateHelper} from './crs.ts'",
      "import {getRegisteredProjection} from './projection_crud.ts'",
      'export function createProjectionFromName(name, transformConstrain) {',
      "  if (Array.isArray(name) || name === 'globe' || name === 'vertical-perspective')",
      "    throw new Error('Only the Mercator projection is built into the console')",
      '  const registered = getRegisteredProjection(name)',
      '  if (registered) {',
      '    const worldCoordinateHelper = new CRSWorldCoordinateHelper(registered)',
      '    return {',
      '      projection: new MercatorProjection(worldCoordinateHelper),',
      '      transform: createMercatorTransform({ constrainOverride: transformConstrain, worldCoordinateHelper }),',
      '      cameraHelper: new MercatorCameraHelper(),',
      '    }',
      '  }',
      "  if (name !== 'mercator') warnOnce(`Unknown projection name: ${name}. Falling back to mercator projection.`)",
      '  return {',
      '    projection: new MercatorProjection(),',
      '    transform: createMercatorTransform({ constrainOverride: transformConstrain }),',
      '    cameraHelper: new MercatorCameraHelper(),',
      '  }',
      '}',
    ].join('\n')
  },
}

/**
 * MapLibre imports everything a style may ask for. The console's maps draw fills, lines, circles, symbols,
 * rasters, images and canvases on a flat Mercator map (its sky is MapLibre's default, drawn every frame); no
 * style of theirs adds heatmap, hillshade, colour-relief or extrusion layers, terrain, video or elevation
 * (raster-dem) sources, nor the globe's atmosphere and projection (see mercatorOnly). What only those use is
 * left out of the build (about 10 KiB gzip of the catalog's first load), each part where one MapLibre module
 * imports it, and fails loudly should a style ever ask: a draw function, a source or the terrain throws
 * naming itself, and a shader's text is a GLSL `#error` naming it.
 */
const MAPLIBRE_MODULE = (path: string) => new RegExp(`[\\\\/]maplibre-gl[\\\\/]src[\\\\/]${path}$`)
const LEFT_OUT: { importer: RegExp; source: RegExp; stub: (name: string) => string }[] = [
  {
    importer: MAPLIBRE_MODULE('shaders[\\\\/]shaders\\.ts'),
    source:
      /^\.\/glsl\/((heatmap|hillshade|color_relief|fill_extrusion|terrain|atmosphere|_projection_globe)[a-z_]*\.(vertex|fragment))\.glsl\.g\.ts$/,
    stub: (name) =>
      `export default ${JSON.stringify(`#error the ${name} shader is not built into the console\n`)}`,
  },
  {
    importer: MAPLIBRE_MODULE('webgl[\\\\/]draw[\\\\/]index\\.ts'),
    source: /^\.\/(draw_(heatmap|hillshade|color_relief|fill_extrusion))\.ts$/,
    // draw_fill_extrusion → drawFillExtrusion, the name MapLibre's draw index imports.
    stub: (name) =>
      `export function ${name.replace(/_([a-z])/g, (_m: string, c: string) => c.toUpperCase())}() { throw new Error('${name} is not built into the console') }`,
  },
  {
    importer: MAPLIBRE_MODULE('source[\\\\/]source\\.ts'),
    source: /^\.\.\/source\/(video_source|raster_dem_tile_source)\.ts$/,
    stub: (name) =>
      `export class ${name === 'video_source' ? 'VideoSource' : 'RasterDEMTileSource'} { constructor() { throw new Error('${name} is not built into the console') } }`,
  },
  {
    importer: MAPLIBRE_MODULE('ui[\\\\/]map\\.ts'),
    source: /^\.\.\/render\/(terrain)\.ts$/,
    stub: () =>
      "export class Terrain { constructor() { throw new Error('terrain is not built into the console') } }",
  },
]
const leftOut: Plugin = {
  name: 'swath-maplibre-left-out',
  enforce: 'pre',
  apply: 'build',
  resolveId(source, importer) {
    if (!importer) return
    for (const [i, part] of LEFT_OUT.entries()) {
      const hit = part.importer.test(importer) ? part.source.exec(source) : null
      if (hit) return `\0swath:left-out:${i}:${hit[1]}`
    }
  },
  load(id) {
    const hit = /^\0swath:left-out:(\d+):(.*)$/.exec(id)
    if (hit) return LEFT_OUT[Number(hit[1])].stub(hit[2])
  },
}

export default defineConfig({
  plugins: [
    react(),
    maplibreFromSource,
    maplibreClassFields,
    withoutMlt,
    mercatorOnly,
    leftOut,
    appShellScrollClassNames,
    rjsfWithoutAjv,
    // The Content Security Policy and hardening headers, from `npm start` and `vite preview` (decision 19).
    securityHeadersPlugin(),
    ...(embedded ? [simulatorPlugin({ clock: 'real', seed })] : []),
  ],
  server: {
    port: 5173,
    // The sign-in page's modules compile as soon as the server starts, before the first request asks for
    // them. Warming every page's modules as well was tried: on two cores it slowed the first page more than
    // it sped the others (`npm run bench`: dev server, first visit per page; decision 22).
    warmup: { clientFiles: ['./src/main.tsx'] },
    proxy: embedded
      ? undefined
      : {
          '/api': {
            target: process.env.SWATH_API_URL,
            changeOrigin: true,
            rewrite: (p) => p.replace(/^\/api/, ''),
          },
          // The second region's token server (config.json region "sa"), when one is given.
          ...(process.env.SWATH_AUTH_URL_SA
            ? {
                '/auth-sa': {
                  target: process.env.SWATH_AUTH_URL_SA,
                  changeOrigin: true,
                  rewrite: (p: string) => p.replace(/^\/auth-sa/, ''),
                },
              }
            : {}),
          '/auth': {
            target: process.env.SWATH_AUTH_URL,
            changeOrigin: true,
            rewrite: (p) => p.replace(/^\/auth/, ''),
          },
        },
  },
  // MapLibre's worker, built from source: a module worker, as MapLibre starts it.
  worker: { format: 'es', plugins: () => [maplibreClassFields, withoutMlt] },
  css: {
    postcss: { plugins: [trimMaplibreCss] },
    // The minifier would lower light-dark() to variables that only its own color-scheme rules set, which the
    // console has none of (Mantine's theme attribute sets color-scheme): colours given with light-dark()
    // came out invalid, so transparent, in the production build. Browsers we build for have light-dark().
    lightningcss: { exclude: Features.LightDark },
  },
  build: {
    chunkSizeWarningLimit: 1200,
    // The chunk graph, for the bundle benchmark (bench/bundle.ts) to weigh each route's first load.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What the entry loads statically (React, the router, TanStack Query, Mantine's core, the app's
              // frame) in one chunk: every page loads all of it anyway, and split by which lazy chunks also use
              // each module it was a dozen files, some of 50 bytes.
              name: 'app',
              tags: ['$initial'],
            },
            {
              // The form parts the sign-in page and nearly every console page render (Paper, Input, TextInput,
              // NativeSelect, ActionIcon and the hooks and contexts under them), in one chunk. Split by which
              // pages use each, they were a dozen files of 100 bytes to 3 KiB, each its own request, its own
              // gzip stream and its own entry in every route's preload list (decision 22).
              name: 'mantine-base',
              test: /@mantine[\\/]core[\\/]esm[\\/](components[\\/](Paper|NativeSelect|InputBase|Input|TextInput|ActionIcon|Combobox[\\/]ComboboxChevron|ScrollArea[\\/]utils[\\/]to-int)[\\/]|core[\\/]DirectionProvider[\\/]|core[\\/]utils[\\/]create-safe-context[\\/])|@mantine[\\/]hooks[\\/]esm[\\/](use-uncontrolled|use-merged-ref|utils[\\/]use-callback-ref)[\\/]/,
            },
            {
              // Mantine's smallest helpers the console's pages share past the sign-in page (badges, links,
              // z-index and colour-scheme helpers, breakpoints): one file of about 2 KiB instead of ten.
              name: 'mantine-small',
              test: /@mantine[\\/](core[\\/]esm[\\/](core[\\/]utils[\\/](get-env|noop|get-default-z-index|get-sorted-breakpoints|get-breakpoint-value)[\\/]|core[\\/]MantineProvider[\\/](color-functions[\\/]get-auto-contrast-value|use-mantine-color-scheme)[\\/]|components[\\/](Badge|Anchor)[\\/])|hooks[\\/]esm[\\/](use-force-update|use-window-event|use-color-scheme)[\\/])/,
            },
          ],
        },
      },
    },
  },
  test: {
    testTimeout: 20_000,
    // rjsf through Vite's resolver, so that core's Ajv import resolves to nothing here too (rjsfWithoutAjv).
    server: { deps: { inline: [/@rjsf\//] } },
    // Vitest's default is one worker fewer than the cores, a single worker on a two-core machine; the main
    // process only collects results while the workers run, so both cores can run test files.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]]
      : ['default'],
    projects: [
      {
        // Pure modules, the simulator, the contract and the scripts: no DOM, no DOM setup. These files share
        // no mutable module state, so one module graph per worker serves them all (isolate: false): the
        // simulator's archive and seeded world are then built once per worker, not once per file.
        extends: true,
        test: {
          name: 'node',
          include: [
            'src/**/*.test.ts',
            'simulator/**/*.test.ts',
            'contract/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          isolate: false,
        },
      },
      {
        // Component tests render through the real client against the in-process simulator, in jsdom. The
        // files of a worker share one module graph and one jsdom (isolate: false): importing React, Mantine,
        // the pages and the simulator once per worker instead of once per file. What could leak between
        // files is reset before every test in setup-dom.ts (storage, every store, the map double), and the
        // one module mock (the map) is the same for every file.
        extends: true,
        test: {
          name: 'dom',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          isolate: false,
          setupFiles: ['src/testing/setup-dom.ts'],
          // A journey waits for several pages of simulator answers, each wait up to testing-library's limit
          // (setup-dom.ts); on a busy machine the whole can take longer than the default 20 s.
          testTimeout: 60_000,
        },
      },
    ],
  },
})
