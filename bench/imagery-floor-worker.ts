import { readOverview } from '../src/data/storage/imagery/read-cog'
import { renderPreset } from '../src/lib/imagery/render'

/**
 * The delivered-imagery floor's reader (bench/imagery-floor.html): the console's own reading code
 * (readOverview: geotiff's Range reads of one overview, decoded here) and its true-colour preset, in a worker
 * as in the console, with nothing around them. Built by bench/imagery.ts into dist-bench/imagery-floor/.
 */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ url: string; targetPx: number }>) => void) | null
  postMessage: (message: unknown, transfer?: Transferable[]) => void
}

scope.onmessage = (event) => {
  readOverview(event.data).then(
    ({ raster }) => {
      const rgba = renderPreset(raster, 'true-colour')
      const [w, s, e, n] = raster.bbox
      const corners = [
        [w, n],
        [e, n],
        [e, s],
        [w, s],
      ]
      scope.postMessage({ width: raster.width, height: raster.height, rgba, corners }, [rgba.buffer])
    },
    (e: unknown) => scope.postMessage({ error: e instanceof Error ? e.message : String(e) }),
  )
}
