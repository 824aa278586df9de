import type { ApiClient } from '../../api/client'
import { signDownload } from '../../data/storage/queries'
import { assetIdOf } from '../../data/storage/query'

/**
 * Opens a signed link as a plain navigation: the browser downloads the file (the bucket answers with
 * `Content-Disposition: attachment`) and sends no Authorization header, only what the link itself carries.
 * The page stays where it is.
 */
export function openSignedUrl(url: string): void {
  const a = document.createElement('a')
  a.href = url
  a.rel = 'noopener noreferrer'
  // A download, never a navigation of the console away from its page.
  a.download = ''
  document.body.appendChild(a)
  a.click()
  a.remove()
}

/** Asks for a fresh link to the asset and opens it: one click, one new link, never one kept from before. */
export async function downloadAsset(client: ApiClient, href: string): Promise<void> {
  const id = assetIdOf(href)
  if (!id) throw new Error('This asset has no downloadable file (its link names no asset).')
  const link = await signDownload(client, id)
  openSignedUrl(link.url)
}
