import type { components } from '../../api/schema'

type DataProduct = components['schemas']['DataProduct']
type Process = components['schemas']['Process']

/** The data products a EULA governs: those that name it (`eulaId`). */
export const productsUnder = (eulaId: string, products: readonly DataProduct[]): DataProduct[] =>
  products.filter((p) => p.eulaId === eulaId).sort((a, b) => a.title.localeCompare(b.title))

/** The processes a EULA governs: those whose `eula-id` parameter names it. */
export const processesUnder = (eulaId: string, processes: readonly Process[]): Process[] =>
  processes
    .filter((p) =>
      p.additionalParameters?.parameters?.some((a) => a.name === 'eula-id' && a.value.includes(eulaId)),
    )
    .sort((a, b) => a.title.localeCompare(b.title))
