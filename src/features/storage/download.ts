import type { ApiClient } from '../../api/client'
import { signDownload } from '../../data/storage/queries'
import { assetIdOf } from '../../data/storage/query'

/**
 * Opens a signed link without the console's credentials: the browser downloads the file and sends no
 * Authorization header, only what the link itself carries. The page stays where it is, whatever the bucket
 * answers: a browser honours `download` only on the page's own origin, so a link to another host (a storage
 * bucket) opens in its own browsing context — a bucket that forgets `Content-Disposition: attachment` shows
 * the file there instead of replacing the console. The click follows the analyst's within the browser's
 * activation window (one short signing request), so it is not taken for a pop-up.
 */
export function openSignedUrl(url: string, name = ''): void {
  const a = document.createElement('a')
  a.href = url
  a.rel = 'noopener noreferrer'
  // Named as the page names the file where the browser lets a page name it (its own origin).
  a.download = name
  if (a.origin !== globalThis.location?.origin) a.target = '_blank'
  document.body.appendChild(a)
  a.click()
  a.remove()
}

/** Asks for a fresh link to the asset and opens it: one click, one new link, never one kept from before. */
export async function downloadAsset(client: ApiClient, href: string, name?: string): Promise<void> {
  const id = assetIdOf(href)
  if (!id) throw new Error('This asset has no downloadable file (its link names no asset).')
  const link = await signDownload(client, id)
  openSignedUrl(link.url, name)
}

/** Characters file systems refuse in a name. */
const UNSAFE = /[\\/:*?"<>|]+/g

/**
 * The name a file is saved under: `<item title> – <asset title>.<ext>` for an item's file, so that files of
 * many items do not all arrive as `image.png`; a collection's own file keeps its key when that looks like a
 * file name. The extension comes from the key, else from the media type (`image/tiff` → `.tif`).
 */
export function downloadName(
  key: string,
  asset: { title?: string | null; type?: string },
  itemTitle?: string,
): string {
  const fromKey = /\.([a-z0-9]{2,5})$/i.exec(key)?.[1]
  if (fromKey && !itemTitle) return key
  const subtype = asset.type?.split('/')[1]?.split(/[+;]/)[0]?.trim()
  const ext = fromKey ?? (subtype === 'tiff' ? 'tif' : subtype === 'jpeg' ? 'jpg' : subtype)
  const base = itemTitle ? `${itemTitle} – ${asset.title ?? key}` : key
  const clean = base.replace(UNSAFE, '-').trim()
  return ext && !clean.toLowerCase().endsWith(`.${ext.toLowerCase()}`) ? `${clean}.${ext}` : clean
}
