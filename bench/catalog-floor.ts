import { existsSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { BrowserContext } from '@playwright/test'
import { watchErrors, type MapView } from './catalog-probes'

/**
 * The floor the map figures are held against: a bare MapLibre page (bench/catalog-floor.html) drawing the
 * same footprints with the console's camera and map size. The catalog, catalog-hosts and storage benches use it.
 */

/** Serves the floor page (bench/catalog-floor.html) and MapLibre's ESM build, nothing else. */
export async function startFloorServer(): Promise<{ url: string; close: () => Promise<void> }> {
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
    const file = files[new URL(req.url ?? '/', 'http://floor').pathname]
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
  return {
    url: `http://127.0.0.1:${port}/floor.html`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export async function floorRun(
  context: BrowserContext,
  url: string,
  view: MapView,
  features: unknown[],
  layers?: unknown[],
): Promise<number> {
  const page = await context.newPage()
  try {
    const errors = watchErrors(page)
    await page.goto(url)
    await page.waitForFunction(() => 'floorReady' in window, undefined, { timeout: 30_000 })
    const result = await page.evaluate(
      (args) => {
        const w = window as unknown as {
          floor: (a: unknown) => Promise<{ ms: number; center: [number, number]; zoom: number }>
        }
        return w.floor(args)
      },
      { width: view.width, height: view.height, camera: view.camera, features, layers },
    )
    if (Math.abs(result.zoom - view.camera.zoom) > 1e-6) {
      console.log(`  ! the floor map's zoom ${result.zoom} differs from the console's ${view.camera.zoom}`)
    }
    if (errors.length > 0) console.log(`  ! floor page errors: ${errors.join(' | ')}`)
    return result.ms
  } finally {
    await page.close()
  }
}
