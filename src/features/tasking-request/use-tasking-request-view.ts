import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import {
  readTaskingHandOver,
  withoutHandOver,
  type TaskingHandOver,
  type TaskingHandOverParam,
} from './url-state'

/**
 * What the tasking page's URL hands it (an order to request again, a shared request), and taking a hand-over
 * out of the URL once acted on; that replaces the entry, so Back does not return to the link.
 */
export function useTaskingRequestView(): [TaskingHandOver, (param: TaskingHandOverParam) => void] {
  const [params, setParams] = useSearchParams()
  const { againOrderId, shared } = readTaskingHandOver(params)
  const handOver = useMemo(() => ({ againOrderId, shared }), [againOrderId, shared])
  const leave = useCallback(
    (param: TaskingHandOverParam) => setParams((p) => withoutHandOver(p, param), { replace: true }),
    [setParams],
  )
  return [handOver, leave]
}
