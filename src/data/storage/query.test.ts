import { describe, expect, it } from 'vitest'
import { assetIdOf, collectionsQueryString, tagProblem } from './query'

const ID = '0b6e4f2a-1111-4222-8333-944455556666'
const ID2 = '1c7f5a3b-2222-4333-8444-a55566667777'

describe('collectionsQueryString', () => {
  it('sends page (zero-based) and limit always, nothing else by default', () => {
    expect(collectionsQueryString({})).toBe('page=0&limit=10')
  })

  it('turns every filter of the contract into its parameter', () => {
    const q = new URLSearchParams(
      collectionsQueryString({
        page: 3,
        limit: 50,
        bbox: [4.1, 51.8, 4.300000000000001, 52],
        workspaceId: ID,
        assetIds: [ID, ID2],
        orderIds: [ID2],
        productIds: [ID],
        tags: ['port', 'a b/c:d'],
        title: '  Rotterdam ',
        sources: ['ARCHIVE', 'PROCESSING'],
        cnam: false,
      }),
    )
    expect(Object.fromEntries(q)).toEqual({
      page: '3',
      limit: '50',
      bbox: '[4.1,51.8,4.3,52]',
      workspace_id: ID,
      asset_ids: `${ID},${ID2}`,
      order_ids: ID2,
      product_ids: ID,
      tags: 'port,a b/c:d',
      title: 'Rotterdam',
      sources: 'ARCHIVE,PROCESSING',
      cnam: 'false',
    })
  })

  it('leaves cnam out when it is the service default (transformed) and empty lists out', () => {
    const q = new URLSearchParams(collectionsQueryString({ cnam: true, tags: [], sources: [], title: ' ' }))
    expect([...q.keys()]).toEqual(['page', 'limit'])
  })
})

describe('tagProblem', () => {
  it('takes letters, digits, spaces and . - _ / :', () => {
    expect(tagProblem(['port', 'Area 51', 'a.b-c_d/e:f'])).toBeNull()
  })
  it('names the first tag with another character', () => {
    expect(tagProblem(['ok', 'café'])).toMatch(/“café”/)
    expect(tagProblem(['x#y'])).toMatch(/letters, digits, spaces/)
  })
  it('refuses empty tags and more than 30', () => {
    expect(tagProblem([' '])).toMatch(/empty/)
    expect(tagProblem(Array.from({ length: 31 }, (_, i) => `t${i}`))).toMatch(/At most 30/)
  })
})

describe('assetIdOf', () => {
  it('reads the asset id at the end of an asset href', () => {
    expect(assetIdOf(`https://api.example/v2/assets/${ID}`)).toBe(ID)
    expect(assetIdOf(`/api/v2/assets/${ID}/`)).toBe(ID)
  })
  it('is null for other links', () => {
    expect(assetIdOf('https://example.com/file.tif')).toBeNull()
  })
})
