import type { SortRequest } from '../domain/world/sort'
import type { S } from '../domain/world/types'

export interface PageRequest {
  page: number
  size: number
  sort?: SortRequest
}

export type PageParse = { ok: true; value: PageRequest } | { ok: false; message: string }

const int = (v: string | undefined): number | undefined => {
  if (v === undefined || v === '') return undefined
  return /^-?\d+$/.test(v) ? Number(v) : NaN
}

/**
 * Spring-style `page`, `size`, `sort=field,asc|desc`. `strict` rejects bad values (lists whose contract has
 * a 400); otherwise they fall back to defaults (lists whose contract names no error status).
 */
export function parsePageQuery(
  q: (name: string) => string | undefined,
  opts: {
    defaultSize?: number
    maxSize?: number
    sortable: readonly string[]
    defaultSort?: string
    strict: boolean
  },
): PageParse {
  const maxSize = opts.maxSize ?? 1000
  const defaultSize = opts.defaultSize ?? 20
  let page = int(q('page'))
  let size = int(q('size'))
  const sortRaw = q('sort') ?? opts.defaultSort
  // The page number is echoed back as an int32 (`number`, `pageable.pageNumber`).
  if (page !== undefined && (Number.isNaN(page) || page < 0 || page > 2_147_483_647)) {
    if (opts.strict) return { ok: false, message: 'page must be a whole number from 0 to 2147483647' }
    page = page > 0 ? 2_147_483_647 : 0
  }
  if (size !== undefined && (Number.isNaN(size) || size < 1 || size > maxSize)) {
    if (opts.strict) return { ok: false, message: `size must be a whole number from 1 to ${maxSize}` }
    size = Number.isNaN(size) || size < 1 ? defaultSize : maxSize
  }
  let sort: PageRequest['sort']
  if (sortRaw) {
    const [field, dir = 'asc'] = sortRaw.split(',')
    const direction = dir.toLowerCase()
    if (!opts.sortable.includes(field) || (direction !== 'asc' && direction !== 'desc')) {
      if (opts.strict)
        return {
          ok: false,
          message: `sort must be one of ${opts.sortable.join(', ')} followed by ,asc or ,desc`,
        }
    } else {
      sort = { field, direction }
    }
  }
  return { ok: true, value: { page: page ?? 0, size: size ?? defaultSize, sort } }
}

/** Cuts one page out of an already filtered and sorted list, with the full Spring envelope. */
export function springPage<T>(items: readonly T[], req: PageRequest): S['PageMeta'] & { content: T[] } {
  const { page, size } = req
  const content = items.slice(page * size, page * size + size)
  const totalPages = Math.ceil(items.length / size)
  const sortInfo = { empty: !req.sort, sorted: !!req.sort, unsorted: !req.sort }
  return {
    content,
    totalPages,
    totalElements: items.length,
    number: page,
    size,
    numberOfElements: content.length,
    first: page === 0,
    last: page >= totalPages - 1,
    empty: content.length === 0,
    sort: sortInfo,
    pageable: {
      offset: page * size,
      sort: sortInfo,
      unpaged: false,
      paged: true,
      pageNumber: page,
      pageSize: size,
    },
  }
}
