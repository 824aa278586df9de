import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { JOB_STATUSES, ORDER_STATUSES, ORDER_SUB_STATUSES } from './statuses'

interface Doc {
  components: { schemas: Record<string, { enum?: string[] }> }
}
const doc = parse(readFileSync(new URL('./openapi.yaml', import.meta.url), 'utf8')) as Doc
const enumOf = (name: string) => doc.components.schemas[name]?.enum

// Both halves take their status lists from statuses.ts: a status the contract adds, drops or reorders must
// show here, not as a console filter or a simulator 400 that disagrees with the contract.
describe('the shared status lists', () => {
  it('are the contract enums, in the contract order', () => {
    expect(ORDER_STATUSES).toEqual(enumOf('OrderStatus'))
    expect(ORDER_SUB_STATUSES).toEqual(enumOf('OrderSubStatus'))
    expect(JOB_STATUSES).toEqual(enumOf('JobStatus'))
  })
})
