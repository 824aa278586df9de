import { describe, expect, it } from 'vitest'
import { ApiError, parseErrorBody } from '../../api/errors'
import {
  initialInputs,
  inputsFormSchema,
  inputsToSend,
  itemInputNames,
  missingInputs,
  namedErrorProblems,
  priceInWords,
  refusalProblems,
  schemaErrorProblems,
} from './launch-model'

// Process descriptions as the service sends them (service-notes §7.2), trimmed to the inputs.
const title = {
  title: 'Title',
  minOccurs: 1,
  maxOccurs: 1,
  schema: { type: 'string', minLength: 1, maxLength: 250 },
}
const item = (t: string, d: string) => ({
  title: t,
  description: `${d} URL of a STAC item in storage: …/v2/assets/stac/collections/{collection-id}/items/{item-id}.`,
  minOccurs: 1,
  maxOccurs: 1,
  schema: { type: 'string', format: 'uri' },
})
const pansharpening = {
  inputs: {
    title,
    item: item('Item', 'The image to sharpen.'),
    greyWeights: {
      title: 'Gray weights',
      minOccurs: 0,
      maxOccurs: 1,
      schema: {
        type: 'array',
        items: { type: 'object', properties: { band: { type: 'string' }, weight: { type: 'number' } } },
      },
    },
  },
}
const change = {
  inputs: {
    title,
    sourceItem: item('Source item', 'The newer image.'),
    referenceItem: item('Reference item', 'The older image.'),
  },
}
const ships = {
  inputs: {
    title,
    item: item('Item', 'The image to search.'),
    sensitivity: {
      minOccurs: 0,
      maxOccurs: 1,
      schema: { type: 'integer', minimum: 1, maximum: 10, default: 5 },
    },
  },
}

describe('the launch form model', () => {
  it('turns the inputs into one object schema: titles, plain descriptions, required ones', () => {
    const schema = inputsFormSchema(pansharpening) as {
      properties: Record<string, { title?: string; description?: string; type?: string }>
      required: string[]
    }
    expect(Object.keys(schema.properties)).toEqual(['title', 'item', 'greyWeights'])
    expect(schema.required).toEqual(['title', 'item'])
    expect(schema.properties.item.title).toBe('Item')
    // The URL pattern is for programs; the picker chooses the item.
    expect(schema.properties.item.description).toBe('The image to sharpen.')
    expect(schema.properties.greyWeights.type).toBe('array')
  })

  it('finds the inputs that take an item, in order', () => {
    expect(itemInputNames(pansharpening)).toEqual(['item'])
    expect(itemInputNames(change)).toEqual(['sourceItem', 'referenceItem'])
  })

  it('starts from defaults, then a job’s inputs, then an item handed over into the first empty item input', () => {
    expect(initialInputs(ships, {})).toEqual({ sensitivity: 5 })
    expect(initialInputs(ships, { from: { title: 'Again', sensitivity: 8, unknown: 1 } })).toEqual({
      title: 'Again',
      sensitivity: 8,
    })
    expect(initialInputs(change, { from: { sourceItem: 'https://x/a' }, item: 'https://x/b' })).toEqual({
      sourceItem: 'https://x/a',
      referenceItem: 'https://x/b',
    })
    // Several items in order, and a title, handed over by the change review.
    expect(initialInputs(change, { items: ['https://x/new', 'https://x/old'], title: 'Change' })).toEqual({
      sourceItem: 'https://x/new',
      referenceItem: 'https://x/old',
      title: 'Change',
    })
    expect(initialInputs(ships, { items: ['https://x/a', 'https://x/b'] })).toEqual({
      item: 'https://x/a',
      sensitivity: 5,
    })
  })

  it('sends no empty values', () => {
    expect(
      inputsToSend({ title: '', item: 'https://x/i', greyWeights: [], sensitivity: 0, n: null }),
    ).toEqual({
      item: 'https://x/i',
      sensitivity: 0,
    })
  })
})

describe('refusals on their fields', () => {
  it('places 400 schema errors on the field, in plain words', () => {
    expect(
      schemaErrorProblems(pansharpening, "data.inputs must contain ['item', 'title'] properties"),
    ).toEqual([
      { name: 'params.item', reason: 'is required' },
      { name: 'params.title', reason: 'is required' },
    ])
    expect(schemaErrorProblems(pansharpening, 'data.inputs.item must be uri')).toEqual([
      { name: 'params.item', reason: 'must be the link of an item in your storage' },
    ])
    expect(
      schemaErrorProblems(pansharpening, "data.inputs.greyWeights[1].band must be one of ['red', 'green']"),
    ).toEqual([{ name: 'params.greyWeights', reason: 'entry 2 band: must be one of red, green' }])
    expect(schemaErrorProblems(ships, 'data.inputs.sensitivity must be smaller than or equal to 10')).toEqual(
      [{ name: 'params.sensitivity', reason: 'must be at most 10' }],
    )
    expect(schemaErrorProblems(ships, "data.inputs must not contain {'color'} properties")).toEqual([
      { name: 'params', reason: 'This process takes no input named color.' },
    ])
    expect(schemaErrorProblems(ships, 'data must be object')).toEqual([
      { name: 'params', reason: 'data must be object' },
    ])
  })

  it('places 422 named errors on the input they are about, with what to do', () => {
    expect(
      namedErrorProblems(pansharpening, [
        { name: 'InvalidTitle', reason: 'title is too long: 300 characters, at most 250' },
        { name: 'InvalidItem', reason: 'item does not reference a STAC item in this account’s storage: x' },
        { name: 'GreyWeightBandsNotUnique', reason: 'each band may have one gray weight; repeated: red' },
        { name: 'MissingPanchromaticAsset', reason: 'no pan' },
        { name: 'SomethingElse', reason: 'the service says no' },
      ]),
    ).toEqual([
      { name: 'params.title', reason: 'is too long: 300 characters, at most 250' },
      { name: 'params.item', reason: 'is not an item in your storage: choose one with “Choose item”.' },
      { name: 'params.greyWeights', reason: 'Each band may have one gray weight; repeated: red' },
      { name: 'params', reason: 'The item has no panchromatic band: choose an item delivered with one.' },
      { name: 'params', reason: 'the service says no' },
    ])
    expect(
      namedErrorProblems(change, [
        { name: 'SameItems', reason: 'sourceItem and referenceItem must be two different items' },
      ]),
    ).toEqual([
      {
        name: 'params.sourceItem',
        reason: 'is the same item as the other one: choose two different items.',
      },
    ])
  })

  it('reads each refusal shape: validation 400 and 422, and the execution’s problem', () => {
    const schema400 = new ApiError(
      parseErrorBody(400, {
        title: 'Bad Request',
        status: 400,
        'schema-error': 'data.inputs.item must be uri',
      }),
    )
    expect(refusalProblems(pansharpening, schema400)).toEqual([
      { name: 'params.item', reason: 'must be the link of an item in your storage' },
    ])
    const named422 = new ApiError(
      parseErrorBody(422, {
        title: 'Unprocessable Entity',
        status: 422,
        errors: [{ name: 'InvalidTitle', message: 'title is too long' }],
      }),
    )
    expect(refusalProblems(pansharpening, named422)).toEqual([
      { name: 'params.title', reason: 'is too long' },
    ])
    const execution = new ApiError(
      parseErrorBody(400, {
        type: 'https://docs.up42.com/problems/invalid-process-inputs',
        title: 'Process inputs not valid',
        status: 400,
        detail: 'data.inputs.item must be uri',
        errors: [{ name: 'inputs', reason: 'data.inputs.item must be uri' }],
      }),
    )
    expect(refusalProblems(pansharpening, execution)).toEqual([
      { name: 'params.item', reason: 'must be the link of an item in your storage' },
    ])
  })
})

describe('the price in words', () => {
  it('says the credits, and the area for an area-based price', () => {
    expect(priceInWords({ pricingStrategy: 'area', totalCredits: 63, totalSize: 15.8, unit: 'SQ_KM' })).toBe(
      '63 credits, for 15.8 km²',
    )
    expect(priceInWords({ pricingStrategy: 'none', totalCredits: 1 })).toBe('1 credit')
  })
})

describe('which inputs are still missing', () => {
  const process = {
    inputs: {
      title: { schema: { type: 'string' } },
      item: { schema: { type: 'string' }, minOccurs: 1 },
      sensitivity: { schema: { type: 'integer' }, minOccurs: 0 },
    },
  } as unknown as Parameters<typeof missingInputs>[0]

  it('lists the required inputs not sent yet, never the optional ones', () => {
    expect(missingInputs(process, {})).toEqual(['title', 'item'])
    expect(missingInputs(process, inputsToSend({ title: 'x', item: '', sensitivity: 3 }))).toEqual(['item'])
    expect(missingInputs(process, { title: 'x', item: 'u' })).toEqual([])
  })
})
