import { existsSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, normalize } from 'node:path'
import type { BrowserContext, Page } from '@playwright/test'
import type { Map as MlMap } from 'maplibre-gl'
import { offlineStyle, PLACE_DOT, placeDotImage } from '../src/map/basemap'
import { watchErrors, type MapView } from './catalog-probes'

/**
 * The floor the map figures are held against: a bare MapLibre page (bench/catalog-floor.html) drawing the
 * same footprints with the console's camera and map size. The catalog, catalog-hosts and storage benches use it.
 * The catalog benches draw it on the console's basemap as its map held it (decision 72).
 */

/**
 * Serves the floor page (bench/catalog-floor.html), MapLibre's ESM build and the basemap's data files
 * (public/basemap/, for a floor drawn on the console's basemap), nothing else. `origin` is the server's own,
 * for the basemap style's URLs (`consoleBasemap`).
 */
export async function startFloorServer(): Promise<{
  url: string
  origin: string
  close: () => Promise<void>
}> {
  const dist = join('node_modules', 'maplibre-gl', 'dist')
  const files: Record<string, [string, string]> = {
    '/floor.html': [join('bench', 'catalog-floor.html'), 'text/html; charset=utf-8'],
    '/maplibre-gl.mjs': [join(dist, 'maplibre-gl.mjs'), 'text/javascript'],
    '/maplibre-gl-worker.mjs': [join(dist, 'maplibre-gl-worker.mjs'), 'text/javascript'],
  }
  for (const [path] of Object.values(files)) {
    if (!existsSync(path)) throw new Error(`the floor page needs ${path}`)
  }
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://floor').pathname
    const basemap = path.startsWith('/basemap/') ? join('public', normalize(path)) : null
    const file: [string, string] | undefined =
      files[path] ?? (basemap && existsSync(basemap) ? [basemap, 'application/json'] : undefined)
    if (!file) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': file[1], 'cache-control': 'max-age=600' }).end(readFileSync(file[0]))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  return {
    url: `${origin}/floor.html`,
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * The console's basemap as its map holds it now (decision 72): the basemap's sources (their data files named
 * on the floor's server at `floorOrigin`, inline data as it is) and layers with their current paint, and the
 * place dot the engine makes, for a floor drawn on the same map. Overlays, band markers and the drawing tool's
 * layers are left out.
 */
export async function consoleBasemap(page: Page, floorOrigin: string): Promise<FloorBasemap> {
  const style = await page.evaluate(
    (ids) => {
      const map = (window as unknown as { __swathMap?: { map?: MlMap } }).__swathMap?.map
      if (!map) return null
      const s = map.getStyle()
      const own = new Set(ids)
      return {
        ...s,
        sources: Object.fromEntries(Object.entries(s.sources).filter(([id]) => own.has(id))),
        layers: s.layers.filter((l) =>
          'source' in l ? own.has(l.source) : l.type === 'background' && !l.id.startsWith('swath-'),
        ),
      }
    },
    Object.keys(offlineStyle('light').sources),
  )
  if (!style) throw new Error('window.__swathMap.map is missing: the floor needs its basemap')
  // The console names its files at its own origin; the floor's server serves the same files.
  const consoleOrigin = new URL(page.url()).origin
  const moved = JSON.parse(
    JSON.stringify(style).split(`${consoleOrigin}/basemap/`).join(`${floorOrigin}/basemap/`),
  ) as typeof style
  const dot = placeDotImage()
  return {
    style: moved,
    dot: { id: PLACE_DOT, width: dot.width, height: dot.height, data: [...dot.data] },
  }
}

/** A floor drawn on the console's basemap: its style, and the place dot its labels use. */
export interface FloorBasemap {
  style: unknown
  dot: { id: string; width: number; height: number; data: number[] }
}

/**
 * One floor draw: ms from adding the footprints to the map's next idle, and the map frames drawn and footprint
 * data rounds (MapLibre's `sourcedata` of content) meanwhile.
 */
export interface FloorDraw {
  ms: number
  frames: number
  data: number
}

export async function floorRun(
  context: BrowserContext,
  url: string,
  view: MapView,
  features: unknown[],
  layers?: unknown[],
  basemap?: FloorBasemap,
): Promise<FloorDraw> {
  const page = await context.newPage()
  try {
    const errors = watchErrors(page)
    await page.goto(url)
    await page.waitForFunction(() => 'floorReady' in window, undefined, { timeout: 30_000 })
    const result = await page.evaluate(
      (args) => {
        const w = window as unknown as {
          floor: (
            a: unknown,
          ) => Promise<{ ms: number; frames: number; data: number; center: [number, number]; zoom: number }>
        }
        return w.floor(args)
      },
      { width: view.width, height: view.height, camera: view.camera, features, layers, basemap },
    )
    if (Math.abs(result.zoom - view.camera.zoom) > 1e-6) {
      console.log(`  ! the floor map's zoom ${result.zoom} differs from the console's ${view.camera.zoom}`)
    }
    if (errors.length > 0) console.log(`  ! floor page errors: ${errors.join(' | ')}`)
    return { ms: result.ms, frames: result.frames, data: result.data }
  } finally {
    await page.close()
  }
}
