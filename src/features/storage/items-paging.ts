/** Page sizes offered for a collection's items; 500 lists a large delivery at once. */
export const ITEMS_LIMITS = [20, 100, 500] as const
export const ITEMS_PAGE_DEFAULT = 20

/** `?page=` (zero-based) and `?limit=` of a collection page. */
export function readItemsPaging(params: URLSearchParams): { page: number; limit: number } {
  const page = Number(params.get('page'))
  const limit = Number(params.get('limit'))
  return {
    page: Number.isInteger(page) && page >= 0 ? page : 0,
    limit: (ITEMS_LIMITS as readonly number[]).includes(limit) ? limit : ITEMS_PAGE_DEFAULT,
  }
}
