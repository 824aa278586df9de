import { readOverview } from '../src/data/storage/imagery/read-cog'
import { presetForImage } from '../src/lib/imagery/layers'
import { renderPreset } from '../src/lib/imagery/render'

/**
 * The order page's deliveries floor's reader (bench/order-deliveries-floor.html): the console's own reading
 * code (readOverview: geotiff's Range reads of one overview, decoded here) and the image's first band
 * combination (true colour, or radar in dB), in one worker as in the console, several reads at once, each
 * answer naming its request. Built by bench/order-deliveries.ts into dist-bench/deliveries-floor/.
 */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ id: number; url: string; targetPx: number }>) => void) | null
  postMessage: (message: unknown, transfer?: Transferable[]) => void
}

scope.onmessage = (event) => {
  const { id, url, targetPx } = event.data
  readOverview({ url, targetPx }).then(
    ({ raster }) => {
      const rgba = renderPreset(raster, presetForImage(raster.bands, null))
      const [w, s, e, n] = raster.bbox
      const corners = [
        [w, n],
        [e, n],
        [e, s],
        [w, s],
      ]
      scope.postMessage({ id, width: raster.width, height: raster.height, rgba, corners }, [rgba.buffer])
    },
    (e: unknown) => scope.postMessage({ id, error: e instanceof Error ? e.message : String(e) }),
  )
}
