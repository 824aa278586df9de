import { captureCredits, holdCredits, releaseCredits } from './credits'
import { iso } from './clock'
import { areaKm2, rect } from './coverage'
import { createRng, uuidFrom, type Rng } from './random'
import { ids, SEED_EPOCH } from './seed-constants'
import { dataProductId, eulaId } from './seed-glossary'
import { collectionPath, createDelivery, itemPath } from './stac'
import type { Account, JobRecord, S, StacItemRecord, StacSource } from './types'
import type { World } from './world'

/**
 * Processing: the process catalogue, input checks (schema, then meaning), pricing, and the job life cycle
 * created → licensed → valid → accepted → running → successful → captured (with the failure branches
 * unlicensed, invalid, rejected, failed → released), driven by world.schedule events.
 */

// ------------------------------------------------------------------------------------------ processes

/** The subset of JSON Schema the process inputs use; the simulator checks inputs against it itself. */
export interface InputSchema {
  type?: 'string' | 'integer' | 'number' | 'object' | 'array'
  format?: 'uri'
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  enum?: string[]
  required?: string[]
  properties?: Record<string, InputSchema>
  additionalProperties?: boolean
  items?: InputSchema
  minItems?: number
  maxItems?: number
  default?: unknown
  description?: string
}

interface InputDef {
  title: string
  description: string
  required: boolean
  schema: InputSchema
}

export interface ProcessDef {
  id: string
  title: string
  description: string
  inputs: Record<string, InputDef>
  /** Inputs that hold STAC item URLs; the first one drives the area price and the result footprint. */
  itemInputs: string[]
  price: { credits: number; unit: 'SQ_KM' | 'JOB' }
  resultItems: number
  /** Key of the provider's EULA (seed-glossary), which an account accepts before its jobs run. */
  eula: string
  /** What the first item input must be, beyond being one of the account's items (a Sentinel-2 scene, …). */
  itemRule?: { accepts: (item: S['StacItem']) => boolean; error: (item: S['StacItem']) => NamedError }
}

export const MAX_TITLE = 250
export const BANDS = ['red', 'green', 'blue', 'nir'] as const

const titleInput: InputDef = {
  title: 'Title',
  description: 'Title of the result collection in storage.',
  required: true,
  // The real service reports an over-long title as a validation error (InvalidTitle, 422), not a schema one.
  schema: { type: 'string', minLength: 1, maxLength: MAX_TITLE },
}
const itemInput = (title: string, description: string): InputDef => ({
  title,
  description: `${description} URL of a STAC item in storage: …/v2/assets/stac/collections/{collection-id}/items/{item-id}.`,
  required: true,
  schema: { type: 'string', format: 'uri' },
})
const sensitivityInput: InputDef = {
  title: 'Sensitivity',
  description: 'Detection sensitivity: higher finds more objects and more false positives.',
  required: false,
  schema: { type: 'integer', minimum: 1, maximum: 10, default: 5 },
}

const constellationOf = (item: S['StacItem']): string | undefined => {
  const c = item.properties.constellation
  return typeof c === 'string' ? c : undefined
}

/** A Sentinel-2 scene, by its STAC constellation (`sentinel-2`) or platform (`sentinel-2a`, `sentinel-2b`, …). */
function isSentinel2(item: S['StacItem']): boolean {
  const platform = item.properties.platform
  const names = [constellationOf(item), typeof platform === 'string' ? platform : undefined]
  return names.some((n) => n !== undefined && /^sentinel-?2/i.test(n))
}

export const PROCESS_DEFS: ProcessDef[] = [
  {
    id: 'pansharpening',
    title: 'Pansharpening',
    description: 'Fuses the panchromatic band with the multispectral bands into a sharper colour image.',
    inputs: {
      title: titleInput,
      item: itemInput('Item', 'The image to sharpen.'),
      greyWeights: {
        title: 'Grey weights',
        description:
          'Weight of each multispectral band in the synthetic panchromatic band; each band at most once.',
        required: false,
        schema: {
          type: 'array',
          minItems: 1,
          maxItems: BANDS.length,
          items: {
            type: 'object',
            required: ['band', 'weight'],
            additionalProperties: false,
            properties: {
              band: { type: 'string', enum: [...BANDS] },
              weight: { type: 'number', minimum: 0, maximum: 1 },
            },
          },
        },
      },
    },
    itemInputs: ['item'],
    price: { credits: 2, unit: 'SQ_KM' },
    resultItems: 1,
    eula: 'processing',
  },
  {
    id: 'upsampling-ns',
    title: 'Upsampling',
    description: 'Doubles the resolution of an optical image with a super-resolution model.',
    inputs: { title: titleInput, item: itemInput('Item', 'The image to upsample.') },
    itemInputs: ['item'],
    price: { credits: 5, unit: 'SQ_KM' },
    resultItems: 1,
    eula: 'processing',
  },
  {
    id: 'true-color-conversion',
    title: 'True colour conversion',
    description: 'Turns a multispectral image into an 8-bit red-green-blue image for display.',
    inputs: { title: titleInput, item: itemInput('Item', 'The multispectral image to convert.') },
    itemInputs: ['item'],
    price: { credits: 1, unit: 'SQ_KM' },
    resultItems: 1,
    eula: 'processing',
  },
  {
    id: 'detection-ships-airbus',
    title: 'Ship detection (Airbus)',
    description: 'Finds ships at sea and in ports; the result holds one point per ship.',
    inputs: {
      title: titleInput,
      item: itemInput('Item', 'The image to search.'),
      sensitivity: sensitivityInput,
    },
    itemInputs: ['item'],
    price: { credits: 30, unit: 'JOB' },
    resultItems: 1,
    eula: 'processing',
  },
  {
    id: 'detection-storage-tanks-airbus',
    title: 'Storage tank detection (Airbus)',
    description: 'Finds floating-roof and fixed-roof storage tanks; the result holds one circle per tank.',
    inputs: {
      title: titleInput,
      item: itemInput('Item', 'The image to search.'),
      sensitivity: sensitivityInput,
    },
    itemInputs: ['item'],
    price: { credits: 35, unit: 'JOB' },
    resultItems: 1,
    eula: 'processing',
  },
  {
    id: 'detection-buildings-spacept',
    title: 'Building detection (Spacept)',
    description: 'Outlines building footprints in very high resolution optical imagery.',
    inputs: {
      title: titleInput,
      item: itemInput('Item', 'The image to search.'),
      sensitivity: sensitivityInput,
    },
    itemInputs: ['item'],
    price: { credits: 40, unit: 'JOB' },
    resultItems: 1,
    eula: 'processing',
  },
  {
    id: 'detection-trees-spacept',
    title: 'Tree detection (Spacept)',
    description: 'Maps tree crowns and canopy cover in very high resolution optical imagery.',
    inputs: {
      title: titleInput,
      item: itemInput('Item', 'The image to search.'),
      sensitivity: sensitivityInput,
    },
    itemInputs: ['item'],
    price: { credits: 3, unit: 'SQ_KM' },
    resultItems: 1,
    eula: 'processing',
  },
  {
    id: 'coregistration-simularity',
    title: 'Coregistration (Simularity)',
    description:
      'Shifts an image so that it lines up pixel by pixel with a reference image of the same area.',
    inputs: {
      title: titleInput,
      sourceItem: itemInput('Source item', 'The image to align.'),
      referenceItem: itemInput(
        'Reference item',
        'The image to align with; must differ from the source item.',
      ),
    },
    itemInputs: ['sourceItem', 'referenceItem'],
    price: { credits: 2, unit: 'SQ_KM' },
    resultItems: 1,
    eula: 'processing',
  },
  {
    id: 'detection-change-simularity',
    title: 'Change detection (Simularity)',
    description: 'Compares two acquisitions of the same area and marks what changed between them.',
    inputs: {
      title: titleInput,
      sourceItem: itemInput('Source item', 'The newer image.'),
      referenceItem: itemInput(
        'Reference item',
        'The older image to compare with; must differ from the source item.',
      ),
    },
    itemInputs: ['sourceItem', 'referenceItem'],
    price: { credits: 60, unit: 'JOB' },
    resultItems: 2,
    eula: 'processing',
  },
  // The other processes the service's SDK has job templates for: each takes a title and one item.
  {
    id: 'upsampling-ns-sentinel',
    title: 'Upsampling for Sentinel-2',
    description: 'Raises a Sentinel-2 scene from 10 m to 2.5 m with a super-resolution model trained on it.',
    inputs: { title: titleInput, item: itemInput('Item', 'The Sentinel-2 scene to upsample.') },
    itemInputs: ['item'],
    // A Sentinel-2 tile is some 12,000 km²: priced per job, not by area.
    price: { credits: 50, unit: 'JOB' },
    resultItems: 1,
    eula: 'processing',
    itemRule: {
      accepts: isSentinel2,
      error: (item) => ({
        name: 'InvalidItem',
        message: `upsampling-ns-sentinel takes a Sentinel-2 item; item ${item.id} is ${constellationOf(item) ?? 'of no known constellation'}`,
      }),
    },
  },
  {
    id: 'detection-shadows-spacept',
    title: 'Shadow detection (Spacept)',
    description:
      'Masks cast shadows of buildings, trees and terrain in very high resolution optical imagery.',
    inputs: {
      title: titleInput,
      item: itemInput('Item', 'The image to search.'),
      sensitivity: sensitivityInput,
    },
    itemInputs: ['item'],
    price: { credits: 2, unit: 'SQ_KM' },
    resultItems: 1,
    eula: 'processing',
  },
  {
    id: 'detection-wind-turbines-airbus',
    title: 'Wind turbine detection (Airbus)',
    description: 'Finds onshore and offshore wind turbines; the result holds one point per turbine.',
    inputs: {
      title: titleInput,
      item: itemInput('Item', 'The image to search.'),
      sensitivity: sensitivityInput,
    },
    itemInputs: ['item'],
    price: { credits: 30, unit: 'JOB' },
    resultItems: 1,
    eula: 'processing',
  },
  {
    id: 'detection-trucks-oi',
    title: 'Truck detection (Orbital Insight)',
    description: 'Counts trucks and trailers on roads, depots and parking lots; one box per vehicle.',
    inputs: {
      title: titleInput,
      item: itemInput('Item', 'The image to search.'),
      sensitivity: sensitivityInput,
    },
    itemInputs: ['item'],
    price: { credits: 4, unit: 'SQ_KM' },
    resultItems: 1,
    eula: 'orbital-insight',
  },
  {
    id: 'detection-cars-oi',
    title: 'Car detection (Orbital Insight)',
    description: 'Counts cars in parking lots and on roads; one box per vehicle.',
    inputs: {
      title: titleInput,
      item: itemInput('Item', 'The image to search.'),
      sensitivity: sensitivityInput,
    },
    itemInputs: ['item'],
    price: { credits: 4, unit: 'SQ_KM' },
    resultItems: 1,
    eula: 'orbital-insight',
  },
  {
    id: 'detection-aircraft-oi',
    title: 'Aircraft detection (Orbital Insight)',
    description: 'Finds aircraft on aprons, runways and in boneyards; one box per aircraft.',
    inputs: {
      title: titleInput,
      item: itemInput('Item', 'The image to search.'),
      sensitivity: sensitivityInput,
    },
    itemInputs: ['item'],
    price: { credits: 25, unit: 'JOB' },
    resultItems: 1,
    eula: 'orbital-insight',
  },
]

const DEFS = new Map(PROCESS_DEFS.map((d) => [d.id, d]))

export const processDef = (id: string): ProcessDef | undefined => DEFS.get(id)

export function buildProcesses(): S['Process'][] {
  return PROCESS_DEFS.map((d) => ({
    id: d.id,
    title: d.title,
    description: d.description,
    version: '1.0.0',
    jobControlOptions: ['async-execute'],
    outputTransmission: ['reference'],
    inputs: Object.fromEntries(
      Object.entries(d.inputs).map(([name, i]) => [
        name,
        {
          title: i.title,
          description: i.description,
          minOccurs: i.required ? 1 : 0,
          maxOccurs: 1,
          schema: { ...i.schema },
        },
      ]),
    ),
    outputs: {
      collection: {
        title: 'Result collection',
        description: 'URL of the STAC collection with the results.',
        schema: { type: 'string', format: 'uri' },
      },
    },
    links: [{ rel: 'self', href: `/v2/processing/processes/${d.id}`, type: 'application/json' }],
    additionalParameters: {
      parameters: [
        { name: 'eula-id', value: [eulaId(d.eula)] },
        { name: 'price', value: [{ credits: d.price.credits, unit: d.price.unit }] },
      ],
    },
  }))
}

// ------------------------------------------------------------------------------------------ input checks

export interface NamedError {
  name: string
  message: string
}

export type InputCheck =
  | { ok: true; items: Record<string, StacItemRecord> }
  | { ok: false; kind: 'schema'; message: string }
  | { ok: false; kind: 'semantic'; errors: NamedError[] }

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
const quoteList = (names: string[]) => `[${names.map((n) => `'${n}'`).join(', ')}]`

/** The first schema violation, worded like the real service's validator (`data.inputs must …`); null when none. */
function schemaViolation(value: unknown, schema: InputSchema, path: string): string | null {
  switch (schema.type) {
    case 'string':
      if (typeof value !== 'string') return `${path} must be string`
      if (schema.minLength !== undefined && value.length < schema.minLength)
        return `${path} must be longer than or equal to ${schema.minLength} characters`
      // maxLength is left to the semantic pass (see titleInput).
      if (schema.enum && !schema.enum.includes(value))
        return `${path} must be one of ${quoteList(schema.enum)}`
      if (schema.format === 'uri' && !isAbsoluteUrl(value)) return `${path} must be uri`
      return null
    case 'integer':
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return `${path} must be ${schema.type}`
      if (schema.type === 'integer' && !Number.isInteger(value)) return `${path} must be integer`
      if (schema.minimum !== undefined && value < schema.minimum)
        return `${path} must be bigger than or equal to ${schema.minimum}`
      if (schema.maximum !== undefined && value > schema.maximum)
        return `${path} must be smaller than or equal to ${schema.maximum}`
      return null
    case 'array': {
      if (!Array.isArray(value)) return `${path} must be array`
      if (schema.minItems !== undefined && value.length < schema.minItems)
        return `${path} must contain at least ${schema.minItems} items`
      if (schema.maxItems !== undefined && value.length > schema.maxItems)
        return `${path} must contain less than or equal to ${schema.maxItems} items`
      if (schema.items) {
        for (let i = 0; i < value.length; i++) {
          const v = schemaViolation(value[i], schema.items, `${path}[${i}]`)
          if (v) return v
        }
      }
      return null
    }
    case 'object': {
      if (!isObject(value)) return `${path} must be object`
      const missing = (schema.required ?? []).filter((k) => !Object.hasOwn(value, k))
      if (missing.length > 0) return `${path} must contain ${quoteList(missing)} properties`
      const props = schema.properties ?? {}
      if (schema.additionalProperties === false) {
        const extra = Object.keys(value).filter((k) => !Object.hasOwn(props, k))
        if (extra.length > 0)
          return `${path} must not contain {${extra.map((k) => `'${k}'`).join(', ')}} properties`
      }
      for (const [k, s] of Object.entries(props)) {
        if (!Object.hasOwn(value, k)) continue
        const v = schemaViolation(value[k], s, `${path}.${k}`)
        if (v) return v
      }
      return null
    }
    default:
      return null
  }
}

function isAbsoluteUrl(v: string): boolean {
  try {
    const u = new URL(v)
    return u.protocol === 'http:' || u.protocol === 'https:'
  } catch {
    return false
  }
}

/** The input schema of a whole process, as one object schema. */
export function inputsSchema(def: ProcessDef): InputSchema {
  return {
    type: 'object',
    required: Object.entries(def.inputs)
      .filter(([, i]) => i.required)
      .map(([n]) => n),
    additionalProperties: false,
    properties: Object.fromEntries(Object.entries(def.inputs).map(([n, i]) => [n, i.schema])),
  }
}

/** The item a storage URL points at, when it is one of the account's items; otherwise undefined. */
export function resolveItem(world: World, accountId: string, url: string): StacItemRecord | undefined {
  let pathname: string
  try {
    pathname = new URL(url).pathname
  } catch {
    return undefined
  }
  const m = /\/v2\/assets\/stac\/collections\/([^/]+)\/items\/([^/]+)\/?$/.exec(pathname)
  if (!m) return undefined
  let collectionId: string
  let itemId: string
  try {
    collectionId = decodeURIComponent(m[1])
    itemId = decodeURIComponent(m[2])
  } catch {
    return undefined
  }
  const rec = world.stacItems.get(itemId)
  if (!rec || rec.collectionId !== collectionId) return undefined
  const col = world.stacCollections.get(collectionId)
  if (!col || col.accountId !== accountId) return undefined
  return rec
}

/** Checks an execute/validation/cost body: first its shape against the input schema, then its meaning. */
export function checkRequest(world: World, accountId: string, def: ProcessDef, body: unknown): InputCheck {
  if (!isObject(body)) return { ok: false, kind: 'schema', message: 'data must be object' }
  if (!Object.hasOwn(body, 'inputs'))
    return { ok: false, kind: 'schema', message: "data must contain ['inputs'] properties" }
  const violation = schemaViolation(body.inputs, inputsSchema(def), 'data.inputs')
  if (violation) return { ok: false, kind: 'schema', message: violation }
  const inputs = body.inputs as Record<string, unknown>

  const errors: NamedError[] = []
  const title = inputs.title
  if (typeof title === 'string' && title.length > MAX_TITLE) {
    errors.push({
      name: 'InvalidTitle',
      message: `title is too long: ${title.length} characters, at most ${MAX_TITLE}`,
    })
  }
  const items: Record<string, StacItemRecord> = {}
  for (const name of def.itemInputs) {
    const url = inputs[name]
    if (typeof url !== 'string') continue
    const rec = resolveItem(world, accountId, url)
    if (rec) {
      items[name] = rec
      if (name === def.itemInputs[0] && def.itemRule && !def.itemRule.accepts(rec.item))
        errors.push(def.itemRule.error(rec.item))
    } else
      errors.push({
        name: 'InvalidItem',
        message: `${name} does not reference a STAC item in this account's storage: ${url.slice(0, 300)}`,
      })
  }
  if (def.itemInputs.length === 2) {
    const [a, b] = def.itemInputs.map((n) => items[n])
    if (a && b && a.item.id === b.item.id) {
      errors.push({
        name: 'SameItems',
        message: `${def.itemInputs[0]} and ${def.itemInputs[1]} must be two different items`,
      })
    }
  }
  if (Array.isArray(inputs.greyWeights)) {
    const bands = (inputs.greyWeights as { band: string }[]).map((w) => w.band)
    const dupes = [...new Set(bands.filter((b, i) => bands.indexOf(b) !== i))]
    if (dupes.length > 0)
      errors.push({
        name: 'GreyWeightBandsNotUnique',
        message: `each band may have one grey weight; repeated: ${dupes.join(', ')}`,
      })
  }
  if (errors.length > 0) return { ok: false, kind: 'semantic', errors }
  return { ok: true, items }
}

// ------------------------------------------------------------------------------------------ pricing

type Footprint = S['Polygon'] | S['MultiPolygon']

/** The item's footprint as a polygon: its geometry, or its bbox when it has none (or only a point). */
export function footprintOf(item: S['StacItem']): Footprint | undefined {
  const g = item.geometry
  if (g && (g.type === 'Polygon' || g.type === 'MultiPolygon')) return g
  const b = item.bbox
  if (b && b.length >= 4) {
    const [w, s, e, n] = b.length >= 6 ? [b[0], b[1], b[3], b[4]] : b
    return rect(w, s, e, n)
  }
  return undefined
}

/** A footprint's area in km², to the hundredth, as prices state it. */
function footprintKm2(geometry: Footprint | undefined): number {
  const km2 = geometry ? areaKm2(geometry) : 0
  return Number.isFinite(km2) ? Math.round(km2 * 100) / 100 : 0
}

export function priceOf(def: ProcessDef, items: Record<string, StacItemRecord>): S['JobPrice'] {
  if (def.price.unit === 'SQ_KM') {
    const rec = items[def.itemInputs[0]]
    const size = rec ? footprintKm2(footprintOf(rec.item)) : 0
    return {
      pricingStrategy: 'area',
      totalCredits: Math.max(1, Math.ceil(size * def.price.credits)),
      totalSize: size,
      unit: 'SQ_KM',
    }
  }
  return { pricingStrategy: 'none', totalCredits: def.price.credits }
}

// ------------------------------------------------------------------------------------------ life cycle

const STEP_MS = 10_000
const START_DELAY_MS = 30_000

/** What a successful job needs to write its result, taken from the input item when the job was created. */
interface ResultContext {
  geometry: Footprint
  constellation: string | null
  gsd: number | null
}

function contextOf(def: ProcessDef, items: Record<string, StacItemRecord>): ResultContext {
  const item = items[def.itemInputs[0]]?.item
  const fallback: Footprint = {
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [0.01, 0],
        [0.01, 0.01],
        [0, 0.01],
        [0, 0],
      ],
    ],
  }
  return {
    geometry: (item && footprintOf(item)) ?? fallback,
    constellation: typeof item?.properties.constellation === 'string' ? item.properties.constellation : null,
    gsd: typeof item?.properties.gsd === 'number' ? item.properties.gsd : null,
  }
}

/** Whether an account has accepted the current document (the highest version) of a process's EULA. */
export function processEulaAccepted(world: World, accountId: string, def: ProcessDef): boolean {
  const eula = world.eulas.get(eulaId(def.eula))
  if (!eula || eula.documents.length === 0) return true
  const current = eula.documents.reduce((a, b) => (b.version > a.version ? b : a))
  return world.isAccepted(accountId, current.id)
}

export interface NewJob {
  account: Account
  def: ProcessDef
  inputs: Record<string, unknown>
  items: Record<string, StacItemRecord>
  workspaceId: string
  budgetId: string | null
  credits: number
}

/** Creates a job in status `created` and sets its life cycle going on the simulated clock. */
export function createJob(world: World, input: NewJob): JobRecord {
  const now = world.now()
  const jobID = world.rng.uuid()
  const record: JobRecord = {
    job: {
      jobID,
      processID: input.def.id,
      accountID: input.account.id,
      workspaceID: input.workspaceId,
      type: 'process',
      definition: { inputs: structuredClone(input.inputs) },
      status: 'created',
      results: null,
      creditConsumption: null,
      created: iso(now),
      updated: iso(now),
      started: null,
      finished: null,
      budgetId: input.budgetId,
    },
    credits: input.credits,
    runSeconds: world.rng.int(120, 1200),
    willFail: world.rng.chance(1 / 8),
  }
  world.jobs.set(jobID, record)
  scheduleStep(world, record, now + STEP_MS, contextOf(input.def, input.items))
  return record
}

function scheduleStep(world: World, record: JobRecord, at: number, ctx: ResultContext): void {
  const jobID = record.job.jobID
  // By id in the world it runs in, not the captured record: a copied world runs this on its own records.
  world.schedule(at, (runIn) => {
    const current = runIn.jobs.get(jobID)
    if (current) step(runIn, current, at, ctx)
  })
}

/**
 * One transition. Timestamps use the event's own time, not the clock's: a test or demo that jumps an hour
 * ahead still sees the steps spaced as they would have happened.
 */
function step(world: World, record: JobRecord, at: number, ctx: ResultContext): void {
  const job = record.job
  if (world.jobs.get(job.jobID) !== record) return
  const account = world.accounts.get(job.accountID)
  const def = processDef(job.processID)
  if (!account || !def) return
  const stamp = iso(at)
  job.updated = stamp
  const fail = (status: S['JobStatus'], errors: NamedError[]) => {
    job.status = status
    job.finished = stamp
    job.results = { collection: null, errors }
  }
  switch (job.status) {
    case 'created':
      if (processEulaAccepted(world, account.id, def)) {
        job.status = 'licensed'
        scheduleStep(world, record, at + STEP_MS, ctx)
      } else {
        fail('unlicensed', [
          {
            name: 'EulaNotAccepted',
            message: `Accept the current document of EULA ${eulaId(def.eula)} before running ${def.id}.`,
          },
        ])
      }
      return
    case 'licensed': {
      // Inputs are checked again: an input item may have been deleted since the job was created.
      const check = checkRequest(world, account.id, def, job.definition)
      if (check.ok) {
        job.status = 'valid'
        scheduleStep(world, record, at + STEP_MS, ctx)
      } else {
        fail(
          'invalid',
          check.kind === 'schema' ? [{ name: 'InvalidSchema', message: check.message }] : check.errors,
        )
      }
      return
    }
    case 'valid':
      if (holdCredits(account, record.credits)) {
        job.status = 'accepted'
        scheduleStep(world, record, at + START_DELAY_MS, ctx)
      } else {
        fail('rejected', [
          {
            name: 'InsufficientCredits',
            message: `The job costs ${record.credits} credits; the account has ${account.creditBalance} available.`,
          },
        ])
      }
      return
    case 'accepted':
      job.status = 'running'
      job.started = stamp
      scheduleStep(world, record, at + record.runSeconds * 1000, ctx)
      return
    case 'running':
      job.finished = stamp
      if (record.willFail) {
        job.status = 'failed'
        job.results = {
          collection: null,
          errors: [
            {
              name: 'ProcessingFailed',
              message: 'The algorithm stopped with an internal error; held credits are released.',
            },
          ],
        }
      } else {
        job.status = 'successful'
        const [result] = createDelivery(world, {
          accountId: account.id,
          workspaceId: job.workspaceID ?? '',
          source: 'PROCESSING',
          title: typeof job.definition.inputs.title === 'string' ? job.definition.inputs.title : def.title,
          description: `${def.title} result of job ${job.jobID}.`,
          geometry: ctx.geometry,
          datetime: at,
          createdAt: at,
          jobId: job.jobID,
          constellation: ctx.constellation ?? undefined,
          gsd: ctx.gsd ?? undefined,
          tags: ['processing', def.id],
          items: def.resultItems,
        })
        job.results = { collection: collectionPath(result.collection.id), errors: null }
      }
      scheduleStep(world, record, at + STEP_MS, ctx)
      return
    case 'successful':
      captureCredits(world, account, record.credits, job.budgetId, { jobId: job.jobID })
      job.status = 'captured'
      job.creditConsumption = {
        credits: record.credits,
        holdID: holdIdOf(job.jobID),
        consumptionID: world.rng.uuid(),
      }
      return
    case 'failed':
      releaseCredits(account, record.credits)
      job.status = 'released'
      return
    default:
      return
  }
}

/** The hold is never shown before capture, so its id can be derived from the job instead of stored. */
const holdIdOf = (jobId: string) => uuidFrom(`hold:${jobId}`)

// ------------------------------------------------------------------------------------------ seed

const DAY = 86_400_000

interface SeedDelivery {
  key: string
  title: string
  source: StacSource
  workspace: 'main' | 'coastal' | 'starter'
  collection: string
  product: string
  constellation: string
  gsd: number
  cloud: number | null
  items: number
  tags: string[]
  bbox: [number, number, number, number]
  daysAgo: number
}

const SEED_DELIVERIES: SeedDelivery[] = [
  {
    key: 'rotterdam',
    title: 'Pléiades Neo - Port of Rotterdam',
    source: 'ARCHIVE',
    workspace: 'coastal',
    collection: 'pneo',
    product: 'pneo-display',
    constellation: 'PNEO',
    gsd: 0.3,
    cloud: 3,
    items: 2,
    tags: ['port', 'logistics'],
    bbox: [4.02, 51.88, 4.18, 51.97],
    daysAgo: 40,
  },
  {
    key: 'berlin-2026',
    title: 'Pléiades - Berlin Mitte 2026',
    source: 'TASKING',
    workspace: 'main',
    collection: 'phr-tasking',
    product: 'phr-tasking-display',
    constellation: 'PHR',
    gsd: 0.5,
    cloud: 8,
    items: 1,
    tags: ['urban', 'berlin'],
    bbox: [13.36, 52.5, 13.43, 52.54],
    daysAgo: 20,
  },
  {
    key: 'berlin-2025',
    title: 'Pléiades - Berlin Mitte 2025',
    source: 'ARCHIVE',
    workspace: 'main',
    collection: 'phr',
    product: 'phr-display',
    constellation: 'PHR',
    gsd: 0.5,
    cloud: 12,
    items: 1,
    tags: ['urban', 'berlin', 'reference'],
    bbox: [13.35, 52.49, 13.44, 52.55],
    daysAgo: 300,
  },
  {
    key: 'rondonia',
    title: 'SPOT - Rondônia deforestation front',
    source: 'ARCHIVE',
    workspace: 'main',
    collection: 'spot',
    product: 'spot-display',
    constellation: 'SPOT',
    gsd: 1.5,
    cloud: 22,
    items: 1,
    tags: ['forest', 'deforestation'],
    bbox: [-63.2, -9.9, -62.95, -9.65],
    daysAgo: 60,
  },
  {
    key: 'singapore',
    title: 'Capella SAR - Singapore Strait',
    source: 'TASKING',
    workspace: 'coastal',
    collection: 'capella-tasking',
    product: 'capella-tasking-spotlight',
    constellation: 'Capella',
    gsd: 0.5,
    cloud: null,
    items: 1,
    tags: ['maritime', 'sar'],
    bbox: [103.72, 1.16, 103.86, 1.27],
    daysAgo: 10,
  },
  {
    key: 'austin',
    title: 'Near Space Labs - Austin mosaic',
    source: 'ARCHIVE',
    workspace: 'main',
    collection: 'nsl-30cm',
    product: 'nsl-mosaic',
    constellation: 'NSL',
    gsd: 0.3,
    cloud: 0,
    items: 1,
    tags: ['urban', 'texas'],
    bbox: [-97.77, 30.25, -97.72, 30.3],
    daysAgo: 5,
  },
  {
    key: 'lyon',
    title: 'SPOT - Lyon',
    source: 'ARCHIVE',
    workspace: 'starter',
    collection: 'spot',
    product: 'spot-display',
    constellation: 'SPOT',
    gsd: 1.5,
    cloud: 5,
    items: 1,
    tags: ['urban'],
    bbox: [4.78, 45.71, 4.9, 45.8],
    daysAgo: 15,
  },
]

const boxPolygon = ([w, s, e, n]: [number, number, number, number]): S['Polygon'] => rect(w, s, e, n)

interface SeedJob {
  process: string
  inputs: (url: (key: string, n?: number) => string) => Record<string, unknown>
  status: S['JobStatus']
  /** Terminal jobs: created days before the seed epoch. In-flight jobs: entered their status seconds ago. */
  daysAgo?: number
  secondsAgo?: number
  workspace: 'main' | 'coastal'
  runMinutes: number
  budget?: string
}

const SEED_JOBS: SeedJob[] = [
  {
    process: 'pansharpening',
    inputs: (u) => ({ title: 'Rotterdam sharpened', item: u('rotterdam') }),
    status: 'captured',
    daysAgo: 30,
    workspace: 'coastal',
    runMinutes: 9,
  },
  {
    process: 'upsampling-ns',
    inputs: (u) => ({ title: 'Berlin Mitte 15 cm', item: u('berlin-2026') }),
    status: 'captured',
    daysAgo: 15,
    workspace: 'main',
    runMinutes: 14,
    budget: 'urban',
  },
  {
    process: 'detection-ships-airbus',
    inputs: (u) => ({ title: 'Ships in the Singapore Strait', item: u('singapore'), sensitivity: 7 }),
    status: 'captured',
    daysAgo: 8,
    workspace: 'coastal',
    runMinutes: 6,
  },
  {
    process: 'detection-buildings-spacept',
    inputs: (u) => ({ title: 'Austin buildings', item: u('austin') }),
    status: 'captured',
    daysAgo: 3,
    workspace: 'main',
    runMinutes: 18,
    budget: 'urban',
  },
  {
    process: 'detection-change-simularity',
    inputs: (u) => ({
      title: 'Berlin Mitte changes 2025-2026',
      sourceItem: u('berlin-2026'),
      referenceItem: u('berlin-2025'),
    }),
    status: 'captured',
    daysAgo: 12,
    workspace: 'main',
    runMinutes: 20,
  },
  {
    process: 'detection-ships-airbus',
    inputs: (u) => ({ title: 'Rotterdam ships (east)', item: u('rotterdam', 1) }),
    status: 'released',
    daysAgo: 25,
    workspace: 'coastal',
    runMinutes: 4,
  },
  {
    process: 'upsampling-ns',
    inputs: (u) => ({ title: 'Rondônia upsampled', item: u('rondonia') }),
    status: 'unlicensed',
    daysAgo: 50,
    workspace: 'main',
    runMinutes: 10,
  },
  {
    process: 'detection-buildings-spacept',
    inputs: (u) => ({ title: 'Berlin buildings 2025', item: u('berlin-2025'), sensitivity: 9 }),
    status: 'invalid',
    daysAgo: 18,
    workspace: 'main',
    runMinutes: 10,
  },
  {
    process: 'pansharpening',
    inputs: (u) => ({
      title: 'Rondônia sharpened',
      item: u('rondonia'),
      greyWeights: [
        { band: 'red', weight: 0.4 },
        { band: 'nir', weight: 0.6 },
      ],
    }),
    status: 'rejected',
    daysAgo: 45,
    workspace: 'main',
    runMinutes: 10,
    budget: 'forest',
  },
  {
    process: 'detection-ships-airbus',
    inputs: (u) => ({ title: 'Singapore ships, second pass', item: u('singapore'), sensitivity: 4 }),
    status: 'running',
    secondsAgo: 240,
    workspace: 'coastal',
    runMinutes: 12,
  },
  {
    process: 'detection-buildings-spacept',
    inputs: (u) => ({ title: 'Berlin buildings 2026', item: u('berlin-2026') }),
    status: 'accepted',
    secondsAgo: 15,
    workspace: 'main',
    runMinutes: 8,
  },
  {
    process: 'pansharpening',
    inputs: (u) => ({ title: 'Austin sharpened', item: u('austin') }),
    status: 'created',
    secondsAgo: 3,
    workspace: 'main',
    runMinutes: 5,
  },
]

const FAILURE_ERRORS: Partial<Record<S['JobStatus'], NamedError[]>> = {
  unlicensed: [
    {
      name: 'EulaNotAccepted',
      message: `Accept the current document of EULA ${eulaId('processing')} before running processes.`,
    },
  ],
  invalid: [
    {
      name: 'MissingPanchromaticAsset',
      message: 'The item has no panchromatic asset, which this process needs.',
    },
  ],
  rejected: [
    {
      name: 'InsufficientCredits',
      message: 'The account did not have enough credits available for this job.',
    },
  ],
  released: [
    {
      name: 'ProcessingFailed',
      message: 'The algorithm stopped with an internal error; held credits are released.',
    },
  ],
}

/** Seeds processes, the stored deliveries jobs read from, ~12 jobs, and the large seed's volume. */
export function seedProcessing(world: World): void {
  world.processes.push(...buildProcesses())
  const rng = createRng('seed:processing')
  const workspaceOf = {
    main: ids.mainWorkspace,
    coastal: ids.coastalWorkspace,
    starter: ids.starterWorkspace,
  }
  const budgetOf = { forest: ids.budgetForest, urban: ids.budgetUrban } as Record<string, string>
  const accountOfWorkspace = (ws: string) => world.workspaces.get(ws)?.accountId ?? ids.enterpriseAccount

  const delivered = new Map<string, string[]>()
  for (const d of SEED_DELIVERIES) {
    const workspaceId = workspaceOf[d.workspace]
    const at = SEED_EPOCH - d.daysAgo * DAY
    const [col] = createDelivery(world, {
      accountId: accountOfWorkspace(workspaceId),
      workspaceId,
      source: d.source,
      title: d.title,
      description: `${d.title}, delivered to storage.`,
      geometry: boxPolygon(d.bbox),
      datetime: at - 2 * DAY,
      createdAt: at,
      orderId: uuidFrom(`seed-order:${d.key}`),
      productId: dataProductId(d.collection, d.product),
      collectionName: d.collection,
      constellation: d.constellation,
      gsd: d.gsd,
      cloudCover: d.cloud,
      tags: d.tags,
      items: d.items,
      rng,
    })
    delivered.set(
      d.key,
      col.itemIds.map((itemId) => itemPath(col.collection.id, itemId)),
    )
  }
  // Seeded inputs carry the URL form clients send; the host part is never checked, only the path.
  const url = (key: string, n = 0) => `https://api.swath.test${delivered.get(key)?.[n] ?? ''}`

  const account = world.accounts.get(ids.enterpriseAccount)
  if (!account) return
  for (const [i, s] of SEED_JOBS.entries()) {
    const def = processDef(s.process)
    if (!def) continue
    const inputs = s.inputs(url)
    const runSeconds = s.runMinutes * 60
    const created =
      s.daysAgo !== undefined
        ? SEED_EPOCH - s.daysAgo * DAY + i * 3_600_000
        : world.now() - (s.secondsAgo ?? 0) * 1000 - statusOffsets(0, runSeconds)[s.status]
    seedJob(world, rng, {
      account,
      def,
      inputs,
      status: s.status,
      created,
      workspaceId: workspaceOf[s.workspace],
      runSeconds,
      budgetId: s.budget ? budgetOf[s.budget] : null,
    })
  }

  if (world.seedSize === 'large') seedLarge(world, rng, account, url)
}

/** When a job that was created at `c` and runs `runSeconds` reaches each status. */
function statusOffsets(c: number, runSeconds: number): Record<S['JobStatus'], number> {
  const started = c + 3 * STEP_MS + START_DELAY_MS
  const finished = started + runSeconds * 1000
  return {
    created: c,
    licensed: c + STEP_MS,
    unlicensed: c + STEP_MS,
    valid: c + 2 * STEP_MS,
    invalid: c + 2 * STEP_MS,
    accepted: c + 3 * STEP_MS,
    rejected: c + 3 * STEP_MS,
    running: started,
    successful: finished,
    failed: finished,
    captured: finished + STEP_MS,
    released: finished + STEP_MS,
  }
}

interface SeedJobInput {
  account: Account
  def: ProcessDef
  inputs: Record<string, unknown>
  status: S['JobStatus']
  created: number
  workspaceId: string
  runSeconds: number
  budgetId: string | null
}

/**
 * A job as it would look had it run from `created` to `status`. Terminal jobs are written as they end;
 * in-flight ones hold credits where an accepted job would, and their next step is scheduled.
 */
function seedJob(world: World, rng: Rng, s: SeedJobInput): JobRecord {
  const check = checkRequest(world, s.account.id, s.def, { inputs: s.inputs })
  const items = check.ok ? check.items : {}
  const credits = priceOf(s.def, items).totalCredits
  const jobID = rng.uuid()
  const c = s.created
  const at = statusOffsets(c, s.runSeconds)
  const started = at.running
  const finished = at.successful
  const updated = at[s.status]
  const ran = ['running', 'successful', 'failed', 'captured', 'released'].includes(s.status)
  const ended = ['successful', 'failed', 'captured', 'released'].includes(s.status)
  const earlyEnd = ['unlicensed', 'invalid', 'rejected'].includes(s.status)
  const record: JobRecord = {
    job: {
      jobID,
      processID: s.def.id,
      accountID: s.account.id,
      workspaceID: s.workspaceId,
      type: 'process',
      definition: { inputs: s.inputs },
      status: s.status,
      results: null,
      creditConsumption: null,
      created: iso(c),
      updated: iso(updated),
      started: ran ? iso(started) : null,
      finished: ended ? iso(finished) : earlyEnd ? iso(updated) : null,
      budgetId: s.budgetId,
    },
    credits,
    runSeconds: s.runSeconds,
    willFail: s.status === 'failed' || s.status === 'released',
  }
  const errors = FAILURE_ERRORS[s.status]
  if (errors) record.job.results = { collection: null, errors }
  if (s.status === 'successful' || s.status === 'captured') {
    const ctx = contextOf(s.def, items)
    const [result] = createDelivery(world, {
      accountId: s.account.id,
      workspaceId: s.workspaceId,
      source: 'PROCESSING',
      title: typeof s.inputs.title === 'string' ? s.inputs.title : s.def.title,
      description: `${s.def.title} result of job ${jobID}.`,
      geometry: ctx.geometry,
      datetime: finished,
      createdAt: finished,
      jobId: jobID,
      constellation: ctx.constellation ?? undefined,
      gsd: ctx.gsd ?? undefined,
      tags: ['processing', s.def.id],
      items: s.def.resultItems,
      rng,
    })
    record.job.results = { collection: collectionPath(result.collection.id), errors: null }
  }
  if (s.status === 'captured') {
    record.job.creditConsumption = { credits, holdID: holdIdOf(jobID), consumptionID: rng.uuid() }
    const budget = s.budgetId ? world.budgets.get(s.budgetId) : undefined
    budget?.records.push({ jobId: jobID, credits, recordedAt: iso(finished + STEP_MS) })
  }
  world.jobs.set(jobID, record)

  // In flight: hold what an accepted job holds, and carry on from the current step.
  if (['accepted', 'running', 'successful', 'failed'].includes(s.status)) holdCredits(s.account, credits)
  if (!['unlicensed', 'invalid', 'rejected', 'captured', 'released'].includes(s.status)) {
    const delay =
      s.status === 'accepted' ? START_DELAY_MS : s.status === 'running' ? s.runSeconds * 1000 : STEP_MS
    scheduleStep(world, record, updated + delay, contextOf(s.def, items))
  }
  return record
}

const LARGE_JOBS = 1000
const LARGE_COLLECTIONS = 2000
/** The title of the large seed's 500-item delivery (bench/storage.ts opens it). */
export const LARGE_DELIVERY_TITLE = 'Large delivery (500 scenes)'
const LARGE_STATUSES: [S['JobStatus'], number][] = [
  ['captured', 0.7],
  ['released', 0.08],
  ['unlicensed', 0.06],
  ['invalid', 0.08],
  ['rejected', 0.08],
]

/** The large seed: 1,000 jobs and 2,000 collections in the enterprise account, for paging and benchmarks. */
function seedLarge(world: World, rng: Rng, account: Account, url: (key: string, n?: number) => string): void {
  const itemKeys = SEED_DELIVERIES.filter((d) => d.workspace !== 'starter').map((d) => d.key)
  const pickStatus = (): S['JobStatus'] => {
    let r = rng.next()
    for (const [status, p] of LARGE_STATUSES) {
      if (r < p) return status
      r -= p
    }
    return 'captured'
  }
  while (world.jobs.size < LARGE_JOBS) {
    const def = rng.pick(PROCESS_DEFS)
    const [a, b] = [rng.pick(itemKeys), rng.pick(itemKeys)]
    const inputs: Record<string, unknown> = { title: `${def.title} #${world.jobs.size + 1}` }
    if (def.itemInputs.length === 2) {
      inputs[def.itemInputs[0]] = url(a)
      inputs[def.itemInputs[1]] = url(a === b ? itemKeys[(itemKeys.indexOf(a) + 1) % itemKeys.length] : b)
    } else inputs[def.itemInputs[0]] = url(a)
    seedJob(world, rng, {
      account,
      def,
      inputs,
      status: pickStatus(),
      created: SEED_EPOCH - rng.int(1, 365 * 24) * 3_600_000,
      workspaceId: rng.chance(0.7) ? ids.mainWorkspace : ids.coastalWorkspace,
      runSeconds: rng.int(120, 1200),
      budgetId: null,
    })
  }

  // One delivery of 500 scenes: the storage benchmark lists a whole collection of that size at once.
  createDelivery(world, {
    accountId: account.id,
    workspaceId: ids.mainWorkspace,
    source: 'ARCHIVE',
    title: LARGE_DELIVERY_TITLE,
    description: 'A large delivery of the large seed: 500 scenes.',
    geometry: boxPolygon([10, 45, 10.5, 45.5]),
    datetime: SEED_EPOCH - 3 * DAY,
    createdAt: SEED_EPOCH - 2 * DAY,
    orderId: uuidFrom('seed-order:large:500'),
    constellation: 'PHR',
    gsd: 0.5,
    cloudCover: 5,
    tags: ['large'],
    items: 500,
    rng,
  })
  let count = [...world.stacCollections.values()].filter((c) => c.accountId === account.id).length
  const sources: StacSource[] = ['ARCHIVE', 'TASKING']
  while (count < LARGE_COLLECTIONS) {
    // Order deliveries come in pairs (transformed + original); a single slot left is filled by a result.
    const source: StacSource = LARGE_COLLECTIONS - count >= 2 ? rng.pick(sources) : 'PROCESSING'
    const w = rng.float(-170, 169)
    const s = rng.float(-60, 69)
    const size = rng.float(0.02, 0.3)
    const at = SEED_EPOCH - rng.int(1, 700) * DAY
    const made = createDelivery(world, {
      accountId: account.id,
      workspaceId: rng.chance(0.7) ? ids.mainWorkspace : ids.coastalWorkspace,
      source,
      title: `Scene ${count + 1} (${source.toLowerCase()})`,
      description: 'Bulk delivery of the large seed.',
      geometry: boxPolygon([w, s, w + size, s + size]),
      datetime: at - DAY,
      createdAt: at,
      orderId: source === 'PROCESSING' ? undefined : uuidFrom(`seed-order:large:${count}`),
      constellation: rng.pick(['PHR', 'PNEO', 'SPOT', 'Capella', 'NSL']),
      gsd: rng.pick([0.3, 0.5, 1.5]),
      cloudCover: rng.int(0, 40),
      tags: [rng.pick(['forest', 'urban', 'maritime', 'agriculture', 'mining'])],
      rng,
    })
    count += made.length
  }
}

/** Duration in seconds of a job that started: until it finished, or until `now` while it runs. */
export function durationSeconds(job: S['Job'], now: number): number | undefined {
  if (!job.started) return undefined
  const end = job.finished ? Date.parse(job.finished) : now
  return Math.max(0, Math.round((end - Date.parse(job.started)) / 1000))
}
