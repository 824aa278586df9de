import { describe, expect, it } from 'vitest'
import type { JsonSchema } from './form-model'
import { paramFacts } from './param-facts'

const schema: JsonSchema = {
  type: 'object',
  definitions: {
    Mode: {
      anyOf: [
        { const: 'MONO', title: 'Mono' },
        { const: 'STEREO', title: 'Stereo' },
      ],
    },
  },
  properties: {
    acquisitionStart: { title: 'Start of the window', type: 'string', format: 'date-time' },
    day: { title: 'Day', type: 'string', format: 'date' },
    acquisitionMode: { $ref: '#/definitions/Mode', title: 'Acquisition mode' },
    cloud: { title: 'Maximum cloud coverage (%)', type: 'integer' },
    bands: { title: 'Bands', type: 'array', items: { enum: ['R', 'G'] } },
    archive: { title: 'Archive', type: 'boolean' },
    displayName: { title: 'Name', type: 'string' },
  },
}

describe('params as the analyst confirms them', () => {
  it('labels each field with its title and reads enumerations, moments, numbers and flags', () => {
    expect(
      paramFacts(
        schema,
        {
          acquisitionStart: '2026-11-25T00:00:00Z',
          day: '2026-11-25',
          acquisitionMode: 'STEREO',
          cloud: 10,
          bands: ['R', 'G'],
          archive: false,
          displayName: 'x',
          unknown: 'as is',
        },
        ['displayName'],
      ),
    ).toEqual([
      { name: 'acquisitionStart', label: 'Start of the window', value: '25 Nov 2026 00:00 UTC' },
      { name: 'day', label: 'Day', value: '25 Nov 2026' },
      { name: 'acquisitionMode', label: 'Acquisition mode', value: 'Stereo' },
      { name: 'cloud', label: 'Maximum cloud coverage (%)', value: '10' },
      { name: 'bands', label: 'Bands', value: 'R, G' },
      { name: 'archive', label: 'Archive', value: 'No' },
      { name: 'unknown', label: 'unknown', value: 'as is' },
    ])
  })
})
