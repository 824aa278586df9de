import { describe, expect, it } from 'vitest'
import { paths } from '../../config/paths'
import { processesSearch, readLaunchHandOver, readProcessesView } from './url-state'

describe('the process catalogue in the URL', () => {
  it('reads the term and carries only what storage or an order handed over', () => {
    const view = readProcessesView(new URLSearchParams('q=ships&collection=c1&item=i1&other=x'))
    expect(view).toEqual({ term: 'ships', carried: 'item=i1&collection=c1', carriesItem: true })
    expect(readProcessesView(new URLSearchParams('collection=c1'))).toEqual({
      term: '',
      carried: 'collection=c1',
      carriesItem: false,
    })
  })

  it('keeps what was handed over when the term changes, and leaves an empty term out', () => {
    const { carried } = readProcessesView(new URLSearchParams('item=i1&q=old'))
    expect(processesSearch({ term: 'pan', carried }).toString()).toBe('item=i1&q=pan')
    expect(processesSearch({ term: '', carried }).toString()).toBe('item=i1')
    expect(processesSearch({ term: '', carried: '' }).toString()).toBe('')
  })
})

describe('what a link hands the launch form', () => {
  const API = 'https://api.example.test/'
  const item = (id: string) => `${API}v2/assets/stac/collections/c1/items/${id}`
  const handed = (url: string) => readLaunchHandOver(new URL(url, 'https://console.test').searchParams, API)

  it('reads the items of a link the console writes, in their order, with the title', () => {
    const search = new URLSearchParams([
      ['item', item('newer')],
      ['item', item('older')],
      ['title', 'Change at the port'],
    ]).toString()
    expect(handed(paths.process('p1', search))).toEqual({
      from: null,
      items: [item('newer'), item('older')],
      foreignItem: null,
      title: 'Change at the port',
      shared: null,
      collection: null,
    })
  })

  it('reads a job to run again, a shared form and a delivery’s collection', () => {
    expect(handed(paths.process('p1', 'from=j1&shared=abc&collection=c9'))).toMatchObject({
      from: 'j1',
      items: [],
      shared: 'abc',
      collection: 'c9',
    })
    expect(handed(paths.process('p1'))).toEqual({
      from: null,
      items: [],
      foreignItem: null,
      title: null,
      shared: null,
      collection: null,
    })
  })

  it('hands over no item when one is not in the service’s storage, and names it', () => {
    const foreign = 'https://elsewhere.test/v2/assets/stac/collections/c1/items/x'
    const search = new URLSearchParams([
      ['item', item('a')],
      ['item', foreign],
    ]).toString()
    expect(handed(paths.process('p1', search))).toMatchObject({ items: [], foreignItem: foreign })
    expect(handed(paths.process('p1', `item=${encodeURIComponent(`${item('a')}?x=1`)}`)).items).toEqual([])
  })
})
