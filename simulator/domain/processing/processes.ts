import { eulaId } from '../world/ids'
import type { S } from '../world/types'

/**
 * The process catalogue: each process the service offers (the ids its SDK has job templates for), its inputs
 * as a JSON Schema subset, its price, its provider's EULA, and the description GET /processes serves.
 */

/** A named error of processing: the service's 422 `errors[]` entries and a job's `results.errors`. */
export interface NamedError {
  name: string
  message: string
}

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
  /** Key of the provider's EULA (`eulaId` of world/ids.ts), which an account accepts before its jobs run. */
  eula: string
  /** What the first item input must be, beyond being one of the account's items (a Sentinel-2 scene, …). */
  itemRule?: { accepts: (item: S['StacItem']) => boolean; error: (item: S['StacItem']) => NamedError }
}

export const MAX_TITLE = 250
export const BANDS = ['red', 'green', 'blue', 'nir'] as const

export const titleInput: InputDef = {
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

/** An object detector: a title, the one item to search and a sensitivity, one result item. */
function detector(d: Pick<ProcessDef, 'id' | 'title' | 'description' | 'price' | 'eula'>): ProcessDef {
  return {
    ...d,
    inputs: {
      title: titleInput,
      item: itemInput('Item', 'The image to search.'),
      sensitivity: sensitivityInput,
    },
    itemInputs: ['item'],
    resultItems: 1,
  }
}

export const PROCESS_DEFS: ProcessDef[] = [
  {
    id: 'pansharpening',
    title: 'Pansharpening',
    description: 'Fuses the panchromatic band with the multispectral bands into a sharper color image.',
    inputs: {
      title: titleInput,
      item: itemInput('Item', 'The image to sharpen.'),
      greyWeights: {
        title: 'Gray weights',
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
    title: 'True color conversion',
    description: 'Turns a multispectral image into an 8-bit red-green-blue image for display.',
    inputs: { title: titleInput, item: itemInput('Item', 'The multispectral image to convert.') },
    itemInputs: ['item'],
    price: { credits: 1, unit: 'SQ_KM' },
    resultItems: 1,
    eula: 'processing',
  },
  detector({
    id: 'detection-ships-airbus',
    title: 'Ship detection (Airbus)',
    description: 'Finds ships at sea and in ports; the result holds one point per ship.',
    price: { credits: 30, unit: 'JOB' },
    eula: 'processing',
  }),
  detector({
    id: 'detection-storage-tanks-airbus',
    title: 'Storage tank detection (Airbus)',
    description: 'Finds floating-roof and fixed-roof storage tanks; the result holds one circle per tank.',
    price: { credits: 35, unit: 'JOB' },
    eula: 'processing',
  }),
  detector({
    id: 'detection-buildings-spacept',
    title: 'Building detection (Spacept)',
    description: 'Outlines building footprints in very high resolution optical imagery.',
    price: { credits: 40, unit: 'JOB' },
    eula: 'processing',
  }),
  detector({
    id: 'detection-trees-spacept',
    title: 'Tree detection (Spacept)',
    description: 'Maps tree crowns and canopy cover in very high resolution optical imagery.',
    price: { credits: 3, unit: 'SQ_KM' },
    eula: 'processing',
  }),
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
  detector({
    id: 'detection-shadows-spacept',
    title: 'Shadow detection (Spacept)',
    description:
      'Masks cast shadows of buildings, trees and terrain in very high resolution optical imagery.',
    price: { credits: 2, unit: 'SQ_KM' },
    eula: 'processing',
  }),
  detector({
    id: 'detection-wind-turbines-airbus',
    title: 'Wind turbine detection (Airbus)',
    description: 'Finds onshore and offshore wind turbines; the result holds one point per turbine.',
    price: { credits: 30, unit: 'JOB' },
    eula: 'processing',
  }),
  detector({
    id: 'detection-trucks-oi',
    title: 'Truck detection (Orbital Insight)',
    description: 'Counts trucks and trailers on roads, depots and parking lots; one box per vehicle.',
    price: { credits: 4, unit: 'SQ_KM' },
    eula: 'orbital-insight',
  }),
  detector({
    id: 'detection-cars-oi',
    title: 'Car detection (Orbital Insight)',
    description: 'Counts cars in parking lots and on roads; one box per vehicle.',
    price: { credits: 4, unit: 'SQ_KM' },
    eula: 'orbital-insight',
  }),
  detector({
    id: 'detection-aircraft-oi',
    title: 'Aircraft detection (Orbital Insight)',
    description: 'Finds aircraft on aprons, runways and in boneyards; one box per aircraft.',
    price: { credits: 25, unit: 'JOB' },
    eula: 'orbital-insight',
  }),
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
