import { describe, expect, it } from 'vitest'
import { processesSearch, readProcessesView } from './url-state'

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
