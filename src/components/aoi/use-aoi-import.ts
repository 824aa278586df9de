import type { Polygon } from 'geojson'
import { useCallback, useState } from 'react'
import type { AoiParse } from '../../lib/aoi-formats'
import { useAoiStore } from './aoi-store'

export type AoiMessage = { kind: 'error' | 'info'; title: string; lines: string[] }

/**
 * Turns a file or pasted text into the AOI. A failure only sets a message: the AOI stays exactly as it was.
 * `onImported` lets the map fit the new shapes.
 */
export function useAoiImport(onImported: (polygons: Polygon[]) => void) {
  const setPolygons = useAoiStore((s) => s.setPolygons)
  const [message, setMessage] = useState<AoiMessage | null>(null)
  const [busy, setBusy] = useState(false)
  // Each import that took: "Go to a place" starts again from the imported AOI's name (`useAoiTools`).
  const [imports, setImports] = useState(0)

  /** Takes the parsed shapes as the AOI; `name` is what it is called (a file's name without its extension). */
  const adopt = useCallback(
    (result: AoiParse, source: string, name: string | null = null) => {
      if (!result.ok) {
        setMessage({ kind: 'error', title: `${source} could not be used`, lines: [result.message] })
        return
      }
      setPolygons(result.polygons, name)
      setImports((n) => n + 1)
      onImported(result.polygons)
      const n = result.polygons.length
      setMessage({
        kind: 'info',
        title: `Imported ${n} ${n === 1 ? 'polygon' : 'polygons'} (${result.format})`,
        lines: result.notes,
      })
    },
    [setPolygons, onImported],
  )

  const importFile = useCallback(
    async (file: File | null) => {
      if (!file) return
      // The file formats (and their readers) load with the first import, not with every page that shows a map.
      const formats = await import('../../lib/aoi-formats')
      // Refused before reading: a huge file would stall the tab just to be turned down.
      if (file.size > formats.MAX_AOI_FILE_BYTES) {
        setMessage({
          kind: 'error',
          title: `${file.name} could not be used`,
          lines: [formats.tooLargeMessage(file.name, file.size)],
        })
        return
      }
      setBusy(true)
      try {
        adopt(
          await formats.parseAoiFile(file.name, new Uint8Array(await file.arrayBuffer())),
          file.name,
          aoiNameOf(file.name),
        )
      } catch {
        setMessage({
          kind: 'error',
          title: `${file.name} could not be used`,
          lines: ['The file could not be read.'],
        })
      } finally {
        setBusy(false)
      }
    },
    [adopt],
  )

  return { message, setMessage, busy, adopt, importFile, imports }
}

/** An AOI's name from its file's: "Hamburg port.geojson" → "Hamburg port"; null when nothing is left. */
export function aoiNameOf(fileName: string): string | null {
  const base = fileName
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .replace(/[_]+/g, ' ')
    .trim()
  return base === '' ? null : base
}

export type AoiImporter = ReturnType<typeof useAoiImport>
