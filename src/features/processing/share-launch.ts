import { asFormValue } from '../../lib/param-limits'
import type { JobInputs } from '../../data/processing/execution'
import { decodeShared, encodeShared, type SharedRead } from '../../lib/share-link'

const KIND = 'process'

/** A launch form as a link: the inputs of one process (the budget and any attempt stay with their owner). */
export function encodeLaunchShare(processId: string, inputs: JobInputs): string {
  return encodeShared(KIND, { id: processId, inputs })
}

/** The inputs a link carries for this process, or why they cannot be used. */
export function decodeLaunchShare(processId: string, text: string): SharedRead<JobInputs> {
  const read = decodeShared(KIND, text, (b) => {
    // The inputs are a typed form's value: held to its limits (depth, size, JSON kinds).
    const inputs = asFormValue(b.inputs)
    return typeof b.id === 'string' && inputs ? { id: b.id, inputs } : null
  })
  if (!read.ok) return read
  if (read.value.id !== processId)
    return { ok: false, reason: 'The link was made for another process, not this one.' }
  return { ok: true, value: read.value.inputs }
}
