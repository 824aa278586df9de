import { describe, expect, it } from 'vitest'
import { dateRange, defaultField, fieldsOf, rowProblem, rowsToCql, type Field } from './filter-builder'

const queryables = {
  properties: {
    geometry: { title: 'Geometry', type: 'geometry' },
    datetime: { title: 'Acquired', type: 'timestamp' },
    created: { title: 'Created', type: 'timestamp' },
    gsd: { title: 'Ground sample distance', type: 'float' },
    tags: { title: 'Tags', type: 'array' },
    source: { title: 'Source', type: 'string', enum: ['ARCHIVE', 'TASKING'] },
    constellation: { title: 'Constellation', type: 'string' },
    odd: { type: 'wkt-thing' },
    cloud_cover: { title: 'Cloud cover (deprecated)', type: 'float' },
    old: { title: 'Old', type: 'string', deprecated: true },
  },
}

describe('fieldsOf', () => {
  it('takes fields, kinds and allowed values from the queryables; geometry and datetime go elsewhere', () => {
    const fields = fieldsOf(queryables)
    const kinds = Object.fromEntries(fields.map((f) => [f.name, f.kind]))
    expect(kinds).toEqual({
      created: 'time',
      gsd: 'number',
      tags: 'list',
      source: 'choice',
      constellation: 'text',
      odd: 'text',
    })
    expect(fields.find((f) => f.name === 'source')?.values).toEqual(['ARCHIVE', 'TASKING'])
  })

  it('leaves out deprecated fields and starts a new condition on tags or the title, not the first by name', () => {
    expect(defaultField(fieldsOf(queryables))?.name).toBe('tags')
    const withTitle = fieldsOf({ properties: { ...queryables.properties, title: { title: 'Title' } } })
    expect(defaultField(withTitle)?.name).toBe('title')
    expect(defaultField([])).toBeUndefined()
  })
})

describe('rows to CQL2-JSON', () => {
  const fields = fieldsOf(queryables)
  const f = (name: string) => fields.find((x) => x.name === name) as Field

  it('types literals by kind and joins rows with and', () => {
    expect(
      rowsToCql(
        [
          { field: 'gsd', op: '<=', value: '0.5' },
          { field: 'constellation', op: 'like', value: 'PH_R%' },
          { field: 'created', op: '>', value: '2026-01-02' },
          { field: 'source', op: 'in', value: ['ARCHIVE', 'TASKING'] },
          { field: 'tags', op: '=', value: 'port' },
        ],
        fields,
      ),
    ).toEqual({
      op: 'and',
      args: [
        { op: '<=', args: [{ property: 'gsd' }, 0.5] },
        { op: 'like', args: [{ property: 'constellation' }, '%PH\\_R\\%%'] },
        { op: '>', args: [{ property: 'created' }, { timestamp: '2026-01-02T00:00:00.000Z' }] },
        { op: 'in', args: [{ property: 'source' }, ['ARCHIVE', 'TASKING']] },
        { op: '=', args: [{ property: 'tags' }, 'port'] },
      ],
    })
  })

  it('one row is sent alone; none is no filter', () => {
    expect(rowsToCql([{ field: 'gsd', op: '=', value: '1' }], fields)).toEqual({
      op: '=',
      args: [{ property: 'gsd' }, 1],
    })
    expect(rowsToCql([], fields)).toBeUndefined()
  })

  it('says what is wrong with a row', () => {
    expect(rowProblem({ field: 'gsd', op: '<', value: 'abc' }, f('gsd'))).toMatch(/number/)
    expect(rowProblem({ field: 'gsd', op: 'like', value: '1' }, f('gsd'))).toMatch(/comparison/)
    expect(rowProblem({ field: 'source', op: '=', value: 'USER' }, f('source'))).toMatch(/allowed/)
    expect(rowProblem({ field: 'constellation', op: '=', value: ' ' }, f('constellation'))).toMatch(/value/)
    expect(rowProblem({ field: 'x', op: '=', value: '1' }, undefined)).toMatch(/field/)
    expect(rowProblem({ field: 'gsd', op: '>=', value: '2' }, f('gsd'))).toBeNull()
  })
})

describe('dateRange', () => {
  it('makes a STAC interval, open on a missing side', () => {
    expect(dateRange('2026-01-01', '2026-02-01')).toBe('2026-01-01T00:00:00Z/2026-02-01T23:59:59Z')
    expect(dateRange('', '2026-02-01')).toBe('../2026-02-01T23:59:59Z')
    expect(dateRange('', '')).toBeUndefined()
  })
})
