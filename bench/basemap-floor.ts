import { existsSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import type { Page } from '@playwright/test'
import type { Map as MlMap } from 'maplibre-gl'
import {
  bandSource,
  COUNTRIES_SOURCE,
  offlineStyle,
  PLACE_DOT,
  placeDotImage,
  PLACES_SOURCE,
} from '../src/map/basemap'

/**
 * What the floors drawn on the console's offline basemap share (bench/basemap.ts, bench/storage-large.ts): the
 * console map's view read from a page, and a server for a floor page with MapLibre's ESM build, the basemap's
 * data files and `floor.json` (the console's style naming this server's files, the view, the basemap's sources
 * at a world view and the place dot). The page draws it with `basemapMap` of bench/floor-map.mjs.
 */

/** The basemap's sources at a world view: drawn means all of them loaded. */
export const BASEMAP_SOURCES = [bandSource('world'), COUNTRIES_SOURCE, PLACES_SOURCE]

/** The console map's size and camera, for a floor to draw the same. */
export interface View {
  width: number
  height: number
  camera: { center: [number, number]; zoom: number }
}

/** The view of the console map on `page` (window.__swathMap). */
export function consoleView(page: Page): Promise<View> {
  return page.evaluate((): View => {
    const m = (window as unknown as { __swathMap: { map: MlMap } }).__swathMap.map
    const c = m.getCenter()
    return {
      width: m.getContainer().clientWidth,
      height: m.getContainer().clientHeight,
      camera: { center: [c.lng, c.lat], zoom: m.getZoom() },
    }
  })
}

/** Serves `html` (a file of bench/) as /floor.html for `view`, on a port of its own. */
export async function startBasemapFloor(
  html: string,
  view: View,
): Promise<{ url: string; close: () => Promise<void> }> {
  const dist = join('node_modules', 'maplibre-gl', 'dist')
  const files: Record<string, string> = {
    '/floor.html': join('bench', html),
    '/floor-map.mjs': join('bench', 'floor-map.mjs'),
    '/maplibre-gl.mjs': join(dist, 'maplibre-gl.mjs'),
    '/maplibre-gl-worker.mjs': join(dist, 'maplibre-gl-worker.mjs'),
  }
  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.mjs': 'text/javascript',
    '.json': 'application/json',
  }
  let origin = ''
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://floor').pathname
    if (path === '/floor.json') {
      const dot = placeDotImage()
      const body = {
        style: offlineStyle('light', `${origin}/`),
        view,
        sources: BASEMAP_SOURCES,
        dot: { id: PLACE_DOT, width: dot.width, height: dot.height, data: [...dot.data] },
      }
      res.writeHead(200, { 'content-type': types['.json'] }).end(JSON.stringify(body))
      return
    }
    const file = files[path] ?? (path.startsWith('/basemap/') ? join('public', normalize(path)) : null)
    if (!file || !existsSync(file)) {
      res.writeHead(404).end()
      return
    }
    res
      .writeHead(200, {
        'content-type': types[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'max-age=600',
      })
      .end(readFileSync(file))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: `${origin}/floor.html`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
