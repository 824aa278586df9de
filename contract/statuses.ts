import type { components } from '../src/api/schema'

/**
 * The contract's status lists, in life-cycle order, for both halves: the console filters and labels by them
 * and the simulator checks list queries against them. One module beside the contract, which each half may
 * import without importing the other; statuses.test.ts holds them to the contract's enums.
 */

type Schemas = components['schemas']

export const ORDER_STATUSES: readonly Schemas['OrderStatus'][] = [
  'CREATED',
  'BEING_PLACED',
  'PLACED',
  'PLACEMENT_FAILED',
  'BEING_FULFILLED',
  'FULFILLED',
  'FAILED_PERMANENTLY',
  'CANCELED',
]

export const ORDER_SUB_STATUSES: readonly Schemas['OrderSubStatus'][] = [
  'FEASIBILITY_WAITING_UPLOAD',
  'FEASIBILITY_WAITING_RESPONSE',
  'QUOTATION_WAITING_UPLOAD',
  'QUOTATION_WAITING_RESPONSE',
  'QUOTATION_ACCEPTED',
  'QUOTATION_REJECTED',
]

export const JOB_STATUSES: readonly Schemas['JobStatus'][] = [
  'created',
  'licensed',
  'unlicensed',
  'valid',
  'invalid',
  'accepted',
  'rejected',
  'running',
  'successful',
  'failed',
  'captured',
  'released',
]
