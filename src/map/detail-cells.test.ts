import type { Feature } from 'geojson'
import { describe, expect, it } from 'vitest'
import { DETAIL_COVER } from './basemap'
import { DetailCells, detailData, type CellFeatures } from './detail-cells'

const land = (k: string): Feature => ({
  type: 'Feature',
  properties: { k: 'land', cell: k },
  geometry: { type: 'Point', coordinates: [0, 0] },
})

/** Cells answered at once with one feature each, except those listed as failing; every fetch is counted. */
function fetcher(failing: Set<string> = new Set()) {
  const asked: string[] = []
  const fetchCell = (key: string): Promise<CellFeatures> => {
    asked.push(key)
    return Promise.resolve(failing.has(key) ? null : [land(key)])
  }
  return { asked, fetchCell }
}

describe('detail cells', () => {
  it('lays a water cover under each cell that came, and none where a cell did not', () => {
    const data = detailData(['12_9', '13_9'], [[land('12_9')], null])
    expect(data.features.map((f) => String(f.properties?.k))).toEqual([DETAIL_COVER, 'land'])
    expect(data.features[0]?.geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [0, 45],
          [15, 45],
          [15, 60],
          [0, 60],
          [0, 45],
        ],
      ],
    })
  })

  it('fetches a cell once while it is kept, and the oldest beyond the kept ones again', async () => {
    const { asked, fetchCell } = fetcher()
    const cells = new DetailCells(fetchCell, 2)
    await cells.want(['0_0'])
    await cells.want(['1_0'])
    await cells.want(['0_0'])
    expect(asked).toEqual(['0_0', '1_0'])
    await cells.want(['2_0'])
    await cells.want(['3_0'])
    // Wanted last: 0_0, 2_0, 3_0; the two before 3_0 are kept, 1_0 is dropped.
    expect(cells.known()).toEqual(['0_0', '2_0', '3_0'])
    await cells.want(['1_0'])
    expect(asked).toEqual(['0_0', '1_0', '2_0', '3_0', '1_0'])
  })

  it('forgets a cell that failed, so the next view asks for it again', async () => {
    const { asked, fetchCell } = fetcher(new Set(['5_5']))
    const cells = new DetailCells(fetchCell)
    const data = await cells.want(['5_5', '6_5'])
    expect(data.features.map((f) => String(f.properties?.cell ?? f.properties?.k))).toEqual([
      DETAIL_COVER,
      '6_5',
    ])
    expect(cells.known()).toEqual(['6_5'])
    await cells.want(['5_5', '6_5'])
    expect(asked).toEqual(['5_5', '6_5', '5_5'])
  })
})
