import Ajv, { type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { fieldErrors, type FieldError } from '../world/field-errors'
import type { S } from '../world/types'

/**
 * Order-form schemas (`GET /orders/schema/{data-product-id}`): draft-07 JSON schemas of the `params` of an
 * order request, one per orderable data product. The same schemas validate `params` on estimate and create,
 * so what the console's form builder shows is exactly what the simulator accepts.
 */

export type JsonSchema = Record<string, unknown>

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#'

const choice = (
  title: string,
  options: [value: string, label: string][],
  defaultValue: string,
): JsonSchema => ({
  title,
  type: 'string',
  anyOf: options.map(([value, label]) => ({ const: value, title: label })),
  default: defaultValue,
})

/** Enumerations live in `definitions` and properties point at them, the way the real service writes them. */
const ref = (name: string, title: string, description?: string): JsonSchema => ({
  title,
  ...(description ? { description } : {}),
  allOf: [{ $ref: `#/definitions/${name}` }],
})

const PROJECTIONS: [string, string][] = [
  ['4326', 'WGS 84 (EPSG:4326)'],
  ['3857', 'Web Mercator (EPSG:3857)'],
  ['3035', 'ETRS89 LAEA (EPSG:3035)'],
  ['32631', 'UTM 31N (EPSG:32631)'],
  ['2154', 'RGF93 Lambert-93 (EPSG:2154)'],
  ['25831', 'ETRS89 UTM 31N (EPSG:25831)'],
]

function archiveForm(title: string, withProcessingLevel: boolean): JsonSchema {
  const properties: Record<string, unknown> = {
    id: {
      title: 'Image ID',
      description: 'The `id` of a catalog scene of this collection.',
      type: 'string',
      minLength: 1,
      maxLength: 200,
    },
  }
  const definitions: Record<string, unknown> = {}
  if (withProcessingLevel) {
    definitions.ProcessingLevel = choice(
      'Processing level',
      [
        ['SENSOR', 'Sensor (primary geometry)'],
        ['ORTHO', 'Orthorectified'],
        ['ALBEDO', 'Top-of-atmosphere reflectance'],
      ],
      'ORTHO',
    )
    properties.processingLevel = ref('ProcessingLevel', 'Processing level')
  }
  return {
    $schema: DRAFT_07,
    title,
    description:
      'Parameters of a catalog order; the area of interest goes in `featureCollection`, one order per feature.',
    type: 'object',
    properties,
    required: ['id'],
    definitions,
    additionalProperties: false,
  }
}

interface TaskingFormSeed {
  title: string
  cloud?: { minimum: number; maximum: number; default: number }
  incidence: { minimum: number; maximum: number; default: number }
  modes: [string, string][]
  /** Airbus products: processing options and the stereo base-to-height ratio. */
  airbus?: boolean
  priority?: boolean
  sar?: boolean
}

function taskingForm(seed: TaskingFormSeed): JsonSchema {
  const definitions: Record<string, unknown> = {
    AcquisitionMode: choice('Acquisition mode', seed.modes, seed.modes[0][0]),
  }
  const properties: Record<string, unknown> = {
    acquisitionStart: { title: 'Start of the acquisition window', type: 'string', format: 'date-time' },
    acquisitionEnd: { title: 'End of the acquisition window', type: 'string', format: 'date-time' },
    acquisitionMode: ref('AcquisitionMode', 'Acquisition mode'),
    incidenceAngle: { title: 'Maximum incidence angle (degrees)', type: 'integer', ...seed.incidence },
    extraDescription: { title: 'Notes for the operator', type: 'string', maxLength: 1000 },
  }
  const required = ['acquisitionStart', 'acquisitionEnd', 'acquisitionMode', 'incidenceAngle']
  const allOf: unknown[] = []
  if (seed.cloud) {
    properties.cloudCoverage = { title: 'Maximum cloud coverage (%)', type: 'integer', ...seed.cloud }
    required.push('cloudCoverage')
  }
  if (seed.airbus) {
    definitions.GeometricProcessing = choice(
      'Geometric processing',
      [
        ['ortho', 'Orthorectified'],
        ['projected', 'Projected'],
        ['primary', 'Primary (sensor geometry)'],
      ],
      'ortho',
    )
    definitions.Projection = choice('Projection', PROJECTIONS, '4326')
    definitions.SpectralProcessing = choice(
      'Spectral processing',
      [
        ['bundle', 'Bundle (panchromatic + multispectral)'],
        ['pansharpened', 'Pansharpened'],
        ['multispectral', 'Multispectral only'],
      ],
      'bundle',
    )
    definitions.PixelCoding = choice(
      'Pixel coding',
      [
        ['8bits', '8 bits'],
        ['12bits', '12 bits'],
        ['16bits', '16 bits'],
      ],
      '12bits',
    )
    definitions.RadiometricProcessing = choice(
      'Radiometric processing',
      [
        ['reflectance', 'Reflectance'],
        ['display', 'Display'],
        ['basic', 'Basic'],
      ],
      'reflectance',
    )
    definitions.DeliveredAs = choice(
      'File format',
      [
        ['geotiff', 'GeoTIFF'],
        ['jpeg2000', 'JPEG 2000'],
      ],
      'geotiff',
    )
    properties.geometricProcessing = ref('GeometricProcessing', 'Geometric processing')
    properties.projection = ref('Projection', 'Projection', 'Not allowed with primary geometric processing.')
    properties.spectralProcessing = ref('SpectralProcessing', 'Spectral processing')
    properties.pixelCoding = ref('PixelCoding', 'Pixel coding')
    properties.radiometricProcessing = ref('RadiometricProcessing', 'Radiometric processing')
    properties.deliveredAs = ref('DeliveredAs', 'File format')
    properties.minBH = { title: 'Minimum base-to-height ratio', type: 'number', minimum: 0.2, maximum: 0.8 }
    properties.maxBH = { title: 'Maximum base-to-height ratio', type: 'number', minimum: 0.2, maximum: 0.8 }
    required.push(
      'geometricProcessing',
      'spectralProcessing',
      'pixelCoding',
      'radiometricProcessing',
      'deliveredAs',
    )
    for (const mode of ['stereo', 'tristereo']) {
      allOf.push({
        if: { properties: { acquisitionMode: { const: mode } }, required: ['acquisitionMode'] },
        then: { required: ['minBH', 'maxBH'] },
      })
    }
    allOf.push({
      if: { properties: { geometricProcessing: { const: 'primary' } }, required: ['geometricProcessing'] },
      then: { not: { required: ['projection'] } },
    })
  }
  if (seed.priority) {
    definitions.Priority = choice(
      'Priority',
      [
        ['standard', 'Standard'],
        ['priority', 'Priority (x1.5)'],
        ['rush', 'Rush (x2)'],
      ],
      'standard',
    )
    properties.priority = ref('Priority', 'Priority')
  }
  if (seed.sar) {
    definitions.Polarization = choice(
      'Polarization',
      [
        ['HH', 'HH'],
        ['VV', 'VV'],
      ],
      'HH',
    )
    // Strings, not integers: the order details of the service echo `looks` as a string.
    definitions.Looks = choice(
      'Number of looks',
      [
        ['1', 'Single look'],
        ['2', 'Two looks'],
        ['4', 'Four looks'],
      ],
      '1',
    )
    properties.polarization = ref('Polarization', 'Polarization')
    properties.looks = ref('Looks', 'Number of looks')
    required.push('polarization')
  }
  return {
    $schema: DRAFT_07,
    title: seed.title,
    description:
      'Parameters of a tasking order; the area to acquire goes in `featureCollection`, one order per feature.',
    type: 'object',
    properties,
    required,
    definitions,
    ...(allOf.length > 0 ? { allOf } : {}),
    additionalProperties: false,
  }
}

const AIRBUS_MODES: [string, string][] = [
  ['mono', 'Mono'],
  ['stereo', 'Stereo'],
  ['tristereo', 'Tri-stereo'],
]

/** Schemas by collection name, with per-product overrides by data product name. */
const BY_COLLECTION: Record<string, () => JsonSchema> = {
  phr: () => archiveForm('PleiadesArchiveParams', false),
  pneo: () => archiveForm('PleiadesNeoArchiveParams', false),
  spot: () => archiveForm('SpotArchiveParams', false),
  'capella-gec': () => archiveForm('CapellaArchiveParams', false),
  'blacksky-archive': () => archiveForm('BlackSkyArchiveParams', false),
  'nsl-30cm': () => archiveForm('NearSpaceArchiveParams', false),
  'phr-tasking': () =>
    taskingForm({
      title: 'PleiadesTaskingParams',
      airbus: true,
      modes: AIRBUS_MODES,
      cloud: { minimum: 5, maximum: 20, default: 10 },
      incidence: { minimum: 5, maximum: 50, default: 30 },
    }),
  'pneo-tasking': () =>
    taskingForm({
      title: 'PleiadesNeoTaskingParams',
      airbus: true,
      modes: AIRBUS_MODES,
      cloud: { minimum: 5, maximum: 20, default: 10 },
      incidence: { minimum: 5, maximum: 40, default: 25 },
    }),
  'capella-tasking': () =>
    taskingForm({
      title: 'CapellaTaskingParams',

      sar: true,
      modes: [
        ['spotlight', 'Spotlight'],
        ['sliding_spotlight', 'Sliding spotlight'],
        ['stripmap', 'Stripmap'],
      ],
      incidence: { minimum: 25, maximum: 50, default: 35 },
    }),
  'blacksky-tasking': () =>
    taskingForm({
      title: 'BlackSkyTaskingParams',

      priority: true,
      modes: [
        ['standard', 'Standard'],
        ['burst', 'Burst'],
      ],
      cloud: { minimum: 30, maximum: 100, default: 30 },
      incidence: { minimum: 5, maximum: 45, default: 30 },
    }),
}

const PRODUCT_OVERRIDES: Record<string, () => JsonSchema> = {
  'phr-analytic': () => archiveForm('PleiadesAnalyticArchiveParams', true),
}

/** The order form of a data product, or undefined when it has none (not orderable or unknown collection). */
export function orderFormOf(collection: S['Collection'], product: S['DataProduct']): JsonSchema | undefined {
  if (!product.id) return undefined
  const make = PRODUCT_OVERRIDES[product.name] ?? BY_COLLECTION[collection.name]
  return make?.()
}

const ajv = new Ajv({ strict: false, allErrors: true })
addFormats(ajv)
const compiled = new Map<string, ValidateFunction>()

/** Validates `params` against the product's form; the failures are named `params.<field>`. */
export function validateParams(
  collection: S['Collection'],
  product: S['DataProduct'],
  params: unknown,
): FieldError[] {
  const key = `${collection.name}:${product.name}`
  let validate = compiled.get(key)
  if (!validate) {
    const schema = orderFormOf(collection, product)
    if (!schema) return [{ name: 'dataProduct', reason: 'has no order form' }]
    const { $schema: _ignored, ...body } = schema
    validate = ajv.compile(body)
    compiled.set(key, validate)
  }
  if (validate(params)) return []
  const errors = validate.errors ?? []
  // The only `not` in the forms forbids a projection with primary geometry; say so instead of "must NOT be valid".
  const forbidden: FieldError[] = errors.some((e) => e.keyword === 'not')
    ? [{ name: 'params.projection', reason: 'is not allowed with primary geometric processing' }]
    : []
  const rest = fieldErrors(errors.filter((e) => e.keyword !== 'not')).map((e) => ({
    name: e.name === 'body' ? 'params' : `params.${e.name}`,
    reason: e.reason,
  }))
  return [...forbidden, ...rest]
}
