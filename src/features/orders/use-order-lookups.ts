import { useQuery } from '@tanstack/react-query'
import type { ApiClient } from '../../api/client'
import { permissionsOf, useApiClient, useSession } from '../../api/console-context'
import { budgetListOptions } from '../../data/budgets/queries'
import { collectionListOptions, dataProductListOptions } from '../../data/glossary/queries'

/** What the orders pages name beside an order: data products, budgets and fixed-price tasking products. */
export interface OrderLookups {
  /** Orderable data products; undefined while they load. */
  dataProducts?: readonly { id: string; title: string }[]
  /** The account's budgets; null when this user may not see budgets (not Enterprise, or the Viewer role). */
  budgets?: readonly { id: string; name: string }[] | null
  /** Tasking data products sold at a fixed price (no study, no quotation); undefined while unknown. */
  fixedPriceProducts?: readonly string[]
}

// Every data product fits one page (the glossary has a few dozen); so do an account's budgets.
export const productsOptions = (client: ApiClient) => dataProductListOptions(client, { size: 100 })
export const budgetsOptions = (client: ApiClient) =>
  budgetListOptions(client, { size: 100, sort: 'name,asc' })
export const taskingCollectionsOptions = (client: ApiClient) =>
  collectionListOptions(client, { type: 'TASKING', size: 100 })

/**
 * The lookups of the orders pages, read from the glossary and the budgets (budgets only for users who may
 * read them). A lookup that fails leaves the ids on screen: never an error page.
 */
export function useOrderLookups(opts: { tasking?: boolean } = {}): OrderLookups {
  const client = useApiClient()
  const canBudgets = permissionsOf(useSession().user).budgets
  const products = useQuery({ ...productsOptions(client), throwOnError: false })
  const budgets = useQuery({ ...budgetsOptions(client), enabled: canBudgets, throwOnError: false })
  const tasking = useQuery({
    ...taskingCollectionsOptions(client),
    enabled: opts.tasking === true,
    throwOnError: false,
  })
  return {
    dataProducts: products.data?.content.flatMap((p) => (p.id ? [{ id: p.id, title: p.title }] : [])),
    budgets: canBudgets ? budgets.data?.content : null,
    // Tasking without a quotation (a fixed price) has no study or quotation steps to show.
    fixedPriceProducts: tasking.data?.content
      .filter((c) => !c.integrations.includes('QUOTATION_REQUIRED'))
      .flatMap((c) => c.dataProducts.flatMap((p) => (p.id ? [p.id] : []))),
  }
}
