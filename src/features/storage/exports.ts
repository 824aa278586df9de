import type { StacItem } from '../../data/storage/queries'
import type { PickedFile } from './download-store'

/**
 * The picked files' items as a STAC ItemCollection, each item with only the picked assets. Asset hrefs stay
 * the service's asset URLs (which need a token): signed links would be dead in 5 minutes.
 */
export function itemCollectionOf(files: readonly PickedFile[]): {
  type: 'FeatureCollection'
  features: StacItem[]
} {
  const byItem = new Map<string, { item: StacItem; keys: Set<string> }>()
  for (const f of files) {
    if (!f.item) continue
    const entry = byItem.get(f.item.id) ?? { item: f.item, keys: new Set<string>() }
    entry.keys.add(f.assetKey)
    byItem.set(f.item.id, entry)
  }
  return {
    type: 'FeatureCollection',
    features: [...byItem.values()].map(({ item, keys }) => ({
      ...item,
      assets: Object.fromEntries(Object.entries(item.assets).filter(([k]) => keys.has(k))),
    })),
  }
}

/** A string as one shell word, whatever it holds. */
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`

/** File names from the service, made safe as paths: no directories, no leading dots or dashes. */
const safeName = (name: string) => name.replace(/[/\\]/g, '_').replace(/^[.-]+/, '_') || 'file'

/**
 * A POSIX shell script of `curl` lines that asks the service for a fresh signed link right before each file:
 * links last 5 minutes, so a script of links would be dead before it got far.
 */
export function curlScript(files: readonly PickedFile[], apiUrl: string): string {
  const lines = [
    '#!/bin/sh',
    '# Downloads files from Swath storage.',
    '# Signed download links last 5 minutes, so this script asks for a fresh link right before each file.',
    '# Set SWATH_TOKEN to an access token first; SWATH_API defaults to the console’s service address.',
    'set -eu',
    `SWATH_API="\${SWATH_API:-${apiUrl.replace(/["$`\\]/g, '')}}"`,
    ': "${SWATH_TOKEN:?set SWATH_TOKEN to an access token}"',
    '',
    'fetch() {',
    '  url=$(curl -fsS -X POST -H "Authorization: Bearer $SWATH_TOKEN" "$SWATH_API/v2/assets/$1/download-url" \\',
    `    | sed -n 's/.*"url" *: *"\\([^"]*\\)".*/\\1/p')`,
    '  # -C - resumes a file that is already partly there.',
    '  curl -fSL -C - -o "$2" "$url"',
    '}',
    '',
    ...files.map((f) => `fetch ${shellQuote(f.key)} ${shellQuote(safeName(f.name))}`),
    '',
  ]
  return lines.join('\n')
}
