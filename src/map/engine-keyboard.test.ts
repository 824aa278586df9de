import { describe, expect, it } from 'vitest'
import { draftFeatures, keyboardAction } from './engine-keyboard'

describe('keyboard drawing', () => {
  it('maps the drawing keys to their actions and leaves the others alone', () => {
    expect(
      ['Enter', ' ', 'Backspace', 'f', 'F', 'Escape', 'a', 'ArrowLeft', '+'].map(keyboardAction),
    ).toEqual(['add', 'add', 'undo', 'finish', 'finish', 'cancel', null, null, null])
  })

  it('draws the vertices as points, joined by a line from the second one', () => {
    expect(draftFeatures([])).toEqual([])
    expect(draftFeatures([[1, 2]]).map((f) => f.geometry.type)).toEqual(['Point'])
    const two = draftFeatures([
      [1, 2],
      [3, 4],
    ])
    expect(two.map((f) => f.geometry)).toEqual([
      {
        type: 'LineString',
        coordinates: [
          [1, 2],
          [3, 4],
        ],
      },
      { type: 'Point', coordinates: [1, 2] },
      { type: 'Point', coordinates: [3, 4] },
    ])
  })
})
