import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  cleanParams,
  defaultsOf,
  enumOptions,
  enumTitle,
  fieldStates,
  fieldTitle,
  geometryFields,
  reconcileParams,
  validateParams,
  viewSchema,
  visibleFields,
  type JsonSchema,
} from './form-model'

// Written in the shape the service uses (service notes §4.7): enumerations in `definitions` referenced
// through `allOf`, conditionals as a top-level `allOf` of `if/then`, and geometry the console fills itself.
const choice = (title: string, options: [string, string][], def: string) => ({
  title,
  type: 'string',
  anyOf: options.map(([value, label]) => ({ const: value, title: label })),
  default: def,
})
const ref = (name: string, title: string) => ({ title, allOf: [{ $ref: `#/definitions/${name}` }] })

const tasking: JsonSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'TestTaskingParams',
  description: 'For API clients.',
  type: 'object',
  definitions: {
    Mode: choice(
      'Acquisition mode',
      [
        ['mono', 'Mono'],
        ['stereo', 'Stereo'],
        ['tristereo', 'Tri-stereo'],
      ],
      'mono',
    ),
    Geometric: choice(
      'Geometric processing',
      [
        ['ortho', 'Orthorectified'],
        ['primary', 'Primary'],
      ],
      'ortho',
    ),
    Projection: choice(
      'Projection',
      [
        ['4326', 'WGS 84'],
        ['3857', 'Web Mercator'],
      ],
      '4326',
    ),
    Polygon: {
      type: 'object',
      properties: { type: { enum: ['Polygon'] }, coordinates: { type: 'array' } },
    },
  },
  properties: {
    geometry: { allOf: [{ $ref: '#/definitions/Polygon' }] },
    acquisitionStart: { title: 'Start', type: 'string', format: 'date-time' },
    acquisitionMode: ref('Mode', 'Acquisition mode'),
    cloudCoverage: {
      title: 'Maximum cloud coverage (%)',
      type: 'integer',
      minimum: 5,
      maximum: 20,
      default: 10,
    },
    geometricProcessing: ref('Geometric', 'Geometric processing'),
    projection: ref('Projection', 'Projection'),
    minBH: { title: 'Minimum B/H', type: 'number', minimum: 0.2, maximum: 0.8 },
    maxBH: { title: 'Maximum B/H', type: 'number', minimum: 0.2, maximum: 0.8 },
    notes: { title: 'Notes', type: 'string', maxLength: 10 },
  },
  required: ['geometry', 'acquisitionStart', 'acquisitionMode', 'cloudCoverage', 'geometricProcessing'],
  additionalProperties: false,
  allOf: [
    {
      if: { properties: { acquisitionMode: { const: 'stereo' } }, required: ['acquisitionMode'] },
      then: { required: ['minBH', 'maxBH'] },
    },
    {
      if: { properties: { acquisitionMode: { const: 'tristereo' } }, required: ['acquisitionMode'] },
      then: { required: ['minBH', 'maxBH'] },
    },
    {
      if: { properties: { geometricProcessing: { const: 'primary' } }, required: ['geometricProcessing'] },
      then: { not: { required: ['projection'] } },
    },
  ],
}

const START = '2026-07-01T10:00:00Z'

describe('geometry', () => {
  it('finds geometry by name, by reference and by shape', () => {
    const schema: JsonSchema = {
      definitions: { Point: { type: 'object' } },
      properties: {
        aoi: { type: 'object' },
        site: { $ref: '#/definitions/Point' },
        footprint: { type: 'object', properties: { type: { const: 'MultiPolygon' }, coordinates: {} } },
        id: { type: 'string' },
      },
    }
    expect(geometryFields(schema)).toEqual(['aoi', 'site', 'footprint'])
    expect(geometryFields(tasking)).toEqual(['geometry'])
  })
})

describe('enumerations', () => {
  it('reads options and titles through allOf and $ref', () => {
    expect(enumOptions(tasking, 'acquisitionMode')).toEqual([
      { value: 'mono', title: 'Mono' },
      { value: 'stereo', title: 'Stereo' },
      { value: 'tristereo', title: 'Tri-stereo' },
    ])
    expect(enumTitle(tasking, 'acquisitionMode', 'tristereo')).toBe('Tri-stereo')
    expect(enumTitle(tasking, 'acquisitionMode', 'other')).toBe('other')
    expect(enumTitle(tasking, 'cloudCoverage', 12)).toBe('12')
    expect(enumTitle(tasking, 'notes', undefined)).toBe('')
    expect(enumOptions(tasking, 'cloudCoverage')).toEqual([])
    expect(enumOptions({ properties: { x: { enum: ['a', 'b'] } } }, 'x').map((o) => o.title)).toEqual([
      'a',
      'b',
    ])
  })

  it('titles fields by their own title, else their name', () => {
    expect(fieldTitle(tasking, 'projection')).toBe('Projection')
    expect(fieldTitle({ properties: { id: { type: 'string' } } }, 'id')).toBe('id')
  })
})

describe('defaultsOf', () => {
  it('takes defaults from properties and enumeration definitions, and no geometry', () => {
    expect(defaultsOf(tasking)).toEqual({
      acquisitionMode: 'mono',
      cloudCoverage: 10,
      geometricProcessing: 'ortho',
      projection: '4326',
    })
  })

  it('lets overrides win and drops what they make forbidden', () => {
    expect(defaultsOf(tasking, { geometricProcessing: 'primary', acquisitionStart: START })).toEqual({
      acquisitionMode: 'mono',
      cloudCoverage: 10,
      geometricProcessing: 'primary',
      acquisitionStart: START,
    })
  })
})

describe('conditional fields', () => {
  it('shows the stereo ratios only for stereo modes, and requires them then', () => {
    const mono = fieldStates(tasking, defaultsOf(tasking))
    expect(mono.visible).not.toContain('minBH')
    expect(mono.hidden).toEqual(['minBH', 'maxBH'])
    for (const mode of ['stereo', 'tristereo']) {
      const s = fieldStates(tasking, { ...defaultsOf(tasking), acquisitionMode: mode })
      expect(s.visible).toEqual(expect.arrayContaining(['minBH', 'maxBH']))
      expect(s.required).toEqual(expect.arrayContaining(['minBH', 'maxBH']))
      expect(s.hidden).toEqual([])
    }
  })

  it('hides the projection under primary geometry', () => {
    const primary = { ...defaultsOf(tasking), geometricProcessing: 'primary' }
    expect(visibleFields(tasking, primary)).not.toContain('projection')
    expect(visibleFields(tasking, defaultsOf(tasking))).toContain('projection')
  })

  it('never shows geometry', () => {
    expect(visibleFields(tasking, {})).not.toContain('geometry')
  })

  it('drops hidden fields on an edit and brings defaults back with the field', () => {
    const start = { ...defaultsOf(tasking), projection: '3857' }
    const primary = reconcileParams(tasking, start, { ...start, geometricProcessing: 'primary' })
    expect(primary).not.toHaveProperty('projection')
    const back = reconcileParams(tasking, primary, { ...primary, geometricProcessing: 'ortho' })
    expect(back.projection).toBe('4326')
    const stereo = reconcileParams(tasking, back, { ...back, acquisitionMode: 'stereo', minBH: 0.3 })
    const mono = reconcileParams(tasking, stereo, { ...stereo, acquisitionMode: 'mono' })
    expect(mono).not.toHaveProperty('minBH')
  })

  it('leaves if/then/else with properties to the form library and applies the presence rules itself', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { kind: { enum: ['a', 'b'] } },
      if: { properties: { kind: { const: 'a' } } },
      then: { properties: { extra: { type: 'string', title: 'Extra' } } },
      else: { properties: { other: { type: 'integer' } } },
    }
    expect(visibleFields(schema, { kind: 'a' })).toEqual(['kind', 'extra'])
    expect(visibleFields(schema, { kind: 'b' })).toEqual(['kind', 'other'])
    expect(cleanParams(schema, { kind: 'a', extra: 'x', other: 3 })).toEqual({ kind: 'a', extra: 'x' })
    const view = viewSchema(schema, fieldStates(schema, { kind: 'a' }), ['kind'])
    expect(view).toMatchObject({ if: schema.if, then: schema.then, else: schema.else })

    const own = viewSchema(tasking, fieldStates(tasking, defaultsOf(tasking)), [
      'cloudCoverage',
      'projection',
    ])
    expect(own).toEqual({
      type: 'object',
      definitions: tasking.definitions,
      additionalProperties: false,
      properties: {
        cloudCoverage: (tasking.properties as JsonSchema).cloudCoverage,
        // Folded: rjsf loses `allOf: [{$ref}]` enumeration values.
        projection: {
          ...((tasking.definitions as JsonSchema).Projection as JsonSchema),
          title: 'Projection',
        },
      },
      required: ['cloudCoverage'],
    })
  })
})

describe('cleanParams', () => {
  it('keeps the shown fields in schema order, without empties, hidden fields, geometry or strangers', () => {
    const value = {
      notes: '  ',
      projection: '3857',
      geometricProcessing: 'primary',
      cloudCoverage: 12,
      acquisitionMode: 'mono',
      minBH: 0.3,
      acquisitionStart: '',
      geometry: { type: 'Polygon', coordinates: [] },
      stranger: 1,
    }
    expect(cleanParams(tasking, value)).toEqual({
      acquisitionMode: 'mono',
      cloudCoverage: 12,
      geometricProcessing: 'primary',
    })
    expect(Object.keys(cleanParams(tasking, { ...defaultsOf(tasking), acquisitionStart: START }))).toEqual([
      'acquisitionStart',
      'acquisitionMode',
      'cloudCoverage',
      'geometricProcessing',
      'projection',
    ])
  })
})

describe('validateParams', () => {
  const valid = { ...defaultsOf(tasking), acquisitionStart: START }

  afterEach(() => vi.unstubAllGlobals())

  it('validates without compiling code, as under a Content Security Policy without unsafe-eval', () => {
    const refuse = () => {
      throw new EvalError('Refused to evaluate a string as JavaScript (CSP)')
    }
    vi.stubGlobal('Function', refuse)
    vi.stubGlobal('eval', refuse)
    const fresh = structuredClone(tasking)
    expect(validateParams(fresh, { ...valid, cloudCoverage: 7.5 }).map((p) => p.name)).toEqual([
      'params.cloudCoverage',
    ])
    expect(validateParams(fresh, valid)).toEqual([])
  })

  it('accepts a complete form without its geometry', () => {
    expect(validateParams(tasking, valid)).toEqual([])
  })

  it('names missing fields like the service does', () => {
    expect(validateParams(tasking, { ...valid, acquisitionStart: '' })).toEqual([
      { name: 'params.acquisitionStart', reason: 'is required' },
    ])
    expect(validateParams(tasking, { ...valid, acquisitionMode: 'stereo', minBH: 0.3 })).toEqual([
      { name: 'params.maxBH', reason: 'is required' },
    ])
  })

  it('says bounds as ranges, enumerations by their titles, and types and formats in words', () => {
    const problems = validateParams(tasking, {
      ...valid,
      cloudCoverage: 30,
      acquisitionMode: 'quad',
      acquisitionStart: 'next week',
      notes: 'far too long for ten',
    })
    expect(problems).toEqual(
      expect.arrayContaining([
        { name: 'params.cloudCoverage', reason: 'must be between 5 and 20' },
        { name: 'params.acquisitionMode', reason: 'must be one of: Mono, Stereo, Tri-stereo' },
        {
          name: 'params.acquisitionStart',
          reason: expect.stringMatching(/^must be a date and time/) as string,
        },
        { name: 'params.notes', reason: 'must have at most 10 characters' },
      ]),
    )
    expect(problems).toHaveLength(4)
    expect(validateParams(tasking, { ...valid, cloudCoverage: 7.5 })).toEqual([
      { name: 'params.cloudCoverage', reason: 'must be a whole number' },
    ])
  })

  it('requires geometry nowhere, since it travels in the feature collection', () => {
    expect(validateParams(tasking, valid).some((p) => p.name === 'params.geometry')).toBe(false)
  })

  it('explains a forbidden value by the condition', () => {
    // Forbidden fields are dropped before validation; a `not` on a value is left to the schema.
    const schema: JsonSchema = {
      type: 'object',
      definitions: tasking.definitions,
      properties: { mode: ref('Geometric', 'Geometric processing'), p: { type: 'string' } },
      allOf: [
        {
          if: { properties: { mode: { const: 'primary' } } },
          then: { not: { required: ['p'], properties: { p: { const: 'x' } } } },
        },
      ],
    }
    expect(visibleFields(schema, { mode: 'primary' })).toEqual(['mode', 'p'])
    expect(validateParams(schema, { mode: 'primary', p: 'y' })).toEqual([])
    expect(validateParams(schema, { mode: 'primary', p: 'x' })).toEqual([
      { name: 'params.p', reason: 'is not allowed when Geometric processing is Primary' },
    ])
  })
})
