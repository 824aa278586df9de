import { describe, expect, it } from 'vitest'
import { inputsInWords, priceRule, processEulaId } from './words'

const pansharpening = {
  additionalParameters: {
    parameters: [
      { name: 'eula-id', value: ['8f1e0a52-0000-4000-8000-000000000001'] },
      { name: 'price', value: [{ credits: 1, unit: 'SQ_KM' }] },
    ],
  },
  inputs: {
    title: { title: 'Title', minOccurs: 1, maxOccurs: 1, schema: { type: 'string', maxLength: 250 } },
    item: {
      title: 'Item',
      description: 'The image to sharpen. URL of a STAC item in storage.',
      minOccurs: 1,
      maxOccurs: 1,
      schema: { type: 'string', format: 'uri' },
    },
    greyWeights: {
      title: 'Gray weights',
      minOccurs: 0,
      maxOccurs: 1,
      schema: { type: 'array', items: { type: 'number', minimum: 0, maximum: 1 } },
    },
    method: { minOccurs: 0, schema: { type: 'string', enum: ['nearest', 'bilinear'] } },
    bands: {
      minOccurs: 0,
      schema: {
        type: 'array',
        items: { type: 'object', properties: { band: { type: 'string' }, weight: { type: 'number' } } },
      },
    },
  },
}

describe('a process in plain words', () => {
  it('names its license and its price rule', () => {
    expect(processEulaId(pansharpening)).toBe('8f1e0a52-0000-4000-8000-000000000001')
    expect(priceRule(pansharpening)).toBe('1 credit per km² of the input’s area')
    expect(
      priceRule({ additionalParameters: { parameters: [{ name: 'price', value: [{ credits: 3 }] }] } }),
    ).toBe('3 credits per job')
    expect(priceRule({})).toBe('Priced when you ask for a quote.')
    expect(processEulaId({})).toBeNull()
  })

  it('says what each input takes, without raw schema', () => {
    expect(inputsInWords(pansharpening)).toEqual([
      { name: 'title', title: 'Title', description: null, takes: 'text', required: true },
      {
        name: 'item',
        title: 'Item',
        description: 'The image to sharpen. URL of a STAC item in storage.',
        takes: 'one STAC item from your storage',
        required: true,
      },
      {
        name: 'greyWeights',
        title: 'Gray weights',
        description: null,
        takes: 'a list of a number from 0 to 1',
        required: false,
      },
      {
        name: 'method',
        title: 'method',
        description: null,
        takes: 'one of: nearest, bilinear',
        required: false,
      },
      {
        name: 'bands',
        title: 'bands',
        description: null,
        takes: 'a list of entries, each with band and weight',
        required: false,
      },
    ])
  })
})
