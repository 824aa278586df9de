import { create } from 'zustand'
import { ownedTabState } from '../../lib/draft-storage'
import type { StacItem } from '../../data/storage/queries'
import { DownloadError, fetchAsset, type AssetFetchDeps, type Partial } from './fetch-asset'

export type FileStatus = 'waiting' | 'downloading' | 'done' | 'failed' | 'canceled'

/** One file picked for the download manager (an asset of an item, or of a collection). */
export interface PickedFile {
  /** The asset id. */
  key: string
  name: string
  /** The asset's key in its item or collection, for the ItemCollection export. */
  assetKey: string
  collectionId: string
  /** The item it belongs to (a collection's own files have none). */
  item?: StacItem
}

export interface FileState extends PickedFile {
  status: FileStatus
  received: number
  total: number | null
  error?: string
  note?: string
}

interface Downloads {
  files: FileState[]
  pick: (files: PickedFile[]) => void
  unpick: (key: string) => void
  clear: () => void
  /** Internal: progress and outcome of one file. */
  set: (key: string, change: Partial_<FileState>) => void
}

type Partial_<T> = { [K in keyof T]?: T[K] }

/**
 * The files picked for download across items and collections, in this tab and for its user: a sign-out or
 * another user empties it and stops what is in flight (the items are the account's data).
 */
export const useDownloads = ownedTabState(
  create<Downloads>()((set) => ({
    files: [],
    pick: (files) =>
      set((s) => {
        const have = new Set(s.files.map((f) => f.key))
        const added = files
          .filter((f) => !have.has(f.key))
          .map((f): FileState => ({ ...f, status: 'waiting', received: 0, total: null }))
        return { files: [...s.files, ...added] }
      }),
    unpick: (key) => {
      running.get(key)?.abort()
      partials.delete(key)
      set((s) => ({ files: s.files.filter((f) => f.key !== key) }))
    },
    clear: () => {
      for (const c of running.values()) c.abort()
      running.clear()
      partials.clear()
      set({ files: [] })
    },
    set: (key, change) =>
      set((s) => ({ files: s.files.map((f) => (f.key === key ? { ...f, ...change } : f)) })),
  })),
  () => {
    for (const c of running.values()) c.abort()
    running.clear()
    partials.clear()
  },
)

/** Downloads in flight (to cancel) and what failed ones fetched (to resume); not state React renders. */
const running = new Map<string, AbortController>()
const partials = new Map<string, Partial>()

/** Where a finished file goes: the browser's own download, by default. */
export type SaveFile = (blob: Blob, name: string) => void

export const saveToDisk: SaveFile = (blob, name) => {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/** Downloads one picked file (again, from where it failed when it did). */
export async function downloadFile(deps: AssetFetchDeps, key: string, save: SaveFile = saveToDisk) {
  const store = useDownloads.getState()
  const file = store.files.find((f) => f.key === key)
  if (!file || running.has(key)) return
  const controller = new AbortController()
  running.set(key, controller)
  const from = partials.get(key)
  store.set(key, { status: 'downloading', error: undefined, note: undefined })
  try {
    const blob = await fetchAsset(deps, key, {
      signal: controller.signal,
      from,
      onProgress: (p) =>
        useDownloads.getState().set(key, { received: p.received, total: p.total, note: p.note }),
    })
    partials.delete(key)
    useDownloads.getState().set(key, { status: 'done', received: blob.size, total: blob.size })
    save(blob, file.name)
  } catch (e) {
    if (controller.signal.aborted) {
      partials.delete(key)
      useDownloads.getState().set(key, { status: 'canceled', received: 0 })
    } else {
      if (e instanceof DownloadError) partials.set(key, e.partial)
      useDownloads.getState().set(key, {
        status: 'failed',
        error: e instanceof Error ? e.message : 'The download failed.',
      })
    }
  } finally {
    running.delete(key)
  }
}

/** Downloads every waiting, failed or canceled file, a few at a time. */
export async function downloadAll(deps: AssetFetchDeps, save: SaveFile = saveToDisk, parallel = 3) {
  const queue = useDownloads
    .getState()
    .files.filter((f) => f.status !== 'done' && f.status !== 'downloading')
    .map((f) => f.key)
  const workers = Array.from({ length: Math.min(parallel, queue.length) }, async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) await downloadFile(deps, key, save)
  })
  await Promise.all(workers)
}

export const cancelDownload = (key: string) => running.get(key)?.abort()

/** Totals over every picked file whose size is known. */
export function totals(files: readonly FileState[]) {
  const received = files.reduce((n, f) => n + f.received, 0)
  const known = files.every((f) => f.total !== null)
  const total = files.reduce((n, f) => n + (f.total ?? 0), 0)
  return { received, total: known ? total : null, done: files.filter((f) => f.status === 'done').length }
}
