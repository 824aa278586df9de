// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { notifications } from '@mantine/notifications'
import { beforeEach, describe, expect, it } from 'vitest'
import { useTaskingStore } from '../features/tasking-request/tasking-store'
import { renderWithConsole } from '../testing/render'
import { deepObjectJson, DEEP_LEVELS } from '../testing/hostile-links'
import { taskingRoutes } from './routes/tasking-routes'
import { droppedDraftMessage } from './dropped-drafts'
import { Shell } from './shell'

/** The tasking page inside the shell, after the tab's kept tasking draft is read again (as at a reload). */
async function openTaskingWithKept(kept: string) {
  sessionStorage.setItem('swath.tasking', kept)
  await useTaskingStore.persist.rehydrate()
  await renderWithConsole((ctx) => [{ path: '/', element: <Shell />, children: taskingRoutes(ctx) }], {
    at: '/tasking',
  })
}

const keptWith = (draft: string) =>
  `{"state":{"draft":${draft},"budgetId":null,"step":"edit","placement":{"kind":"idle"}},"version":0}`

// The toast store is the library's own, one per module graph: no toast of one test may reach the next.
beforeEach(() => notifications.clean())

describe('a kept draft that cannot be read', () => {
  it(`is dropped with a message when nested ${DEEP_LEVELS} levels deep, and the page works`, async () => {
    await openTaskingWithKept(keptWith(`{"params":${deepObjectJson(DEEP_LEVELS)}}`))
    expect(await screen.findByRole('heading', { name: 'New tasking request', level: 1 })).toBeVisible()
    expect(await screen.findByText(droppedDraftMessage('swath.tasking'))).toBeInTheDocument()
    expect(screen.queryByText('Something went wrong')).toBeNull()
    expect(useTaskingStore.getState().draft).toEqual({})
    expect(sessionStorage.getItem('swath.tasking') ?? '').not.toContain('{"a":{"a":')
  })

  it('is dropped with a message when its fields are of the wrong kinds', async () => {
    await openTaskingWithKept(keptWith('{"collectionName":{"x":1},"params":[1]}'))
    expect(await screen.findByRole('heading', { name: 'New tasking request', level: 1 })).toBeVisible()
    expect(await screen.findByText(droppedDraftMessage('swath.tasking'))).toBeInTheDocument()
    expect(useTaskingStore.getState().draft).toEqual({})
  })

  it('is dropped with a message when it is not JSON at all', async () => {
    await openTaskingWithKept('{"state":')
    expect(await screen.findByRole('heading', { name: 'New tasking request', level: 1 })).toBeVisible()
    expect(await screen.findByText(droppedDraftMessage('swath.tasking'))).toBeInTheDocument()
  })

  it('is kept, with no message, when the form could have written it', async () => {
    await openTaskingWithKept(keptWith('{"displayName":"Camargue","params":{"cloudCoverage":20}}'))
    expect(await screen.findByRole('heading', { name: 'New tasking request', level: 1 })).toBeVisible()
    expect(useTaskingStore.getState().draft).toMatchObject({ displayName: 'Camargue' })
    expect(screen.queryByText('A draft could not be read')).toBeNull()
  })
})
