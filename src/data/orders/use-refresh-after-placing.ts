import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { budgetKeys } from '../budgets/queries'
import { orderKeys } from './keys'

/** New orders show in every list of orders, and their holds in the budgets' usage, wherever they are read. */
export function useRefreshAfterPlacing(): () => void {
  const qc = useQueryClient()
  return useCallback(() => {
    void qc.invalidateQueries({ queryKey: orderKeys.all })
    void qc.invalidateQueries({ queryKey: budgetKeys.all })
  }, [qc])
}
