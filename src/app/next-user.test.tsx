// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { useAoiStore } from '../components/aoi/aoi-store'
import { useBasketStore } from '../components/basket/basket-store'
import { useCatalogUi } from '../features/catalog/catalog-ui-store'
import { useDownloads } from '../features/storage/download-store'
import type { StacItem } from '../data/storage/queries'
import { useStorageUi } from '../features/storage/storage-ui-store'
import { useTaskingUi } from '../features/tasking-request/tasking-ui-store'
import { setDraftOwner } from '../lib/draft-storage'
import { poly, rect } from '../testing/builders'
import { renderWithConsole } from '../testing/render'
import { createTestConsole, DEMO_PASSWORD, signedInConsole } from '../testing/sim-backend'
import { bindDraftsToSession } from './draft-owner'
import { Shell } from './shell'

const USERS = ['analyst@swath.test', 'viewer@swath.test', 'starter@swath.test', 'analyst@swath.test']

/** What a user leaves in the tab's stores, marked with their e-mail so the next user's view can be searched. */
function leaveTraces(email: string) {
  const area = poly(rect(2, 48, 3, 49))
  useDownloads.getState().pick([
    {
      key: `${email}-asset`,
      name: `${email}.tif`,
      assetKey: 'image',
      collectionId: `${email}-collection`,
      item: {
        type: 'Feature',
        stac_version: '1.0.0',
        id: `${email}-item`,
        geometry: area,
        bbox: [2, 48, 3, 49],
        properties: { datetime: null, title: email },
        links: [],
        assets: {},
      } as unknown as StacItem, // the fields the download manager reads; a trace, not a full item
    },
  ])
  useCatalogUi.getState().toggleQuicklook({ host: 'oneatlas', id: `${email}-scene`, footprint: area })
  useCatalogUi.getState().activate(3, 'list')
  useStorageUi.getState().setHovered({}, 2)
  useTaskingUi.getState().select(`${email}-answer`, `${email}-pass`, 'map')
  useBasketStore.getState().add([
    {
      id: `${email}-scene`,
      host: 'oneatlas',
      collection: 'c',
      constellation: 'PHR',
      datetime: null,
      cloudCoverage: null,
      resolution: null,
      footprint: area,
    },
  ])
  useAoiStore.getState().setPolygons([area], email)
}

/** Everything the tab's stores show now, as text to search for another user's traces. */
const shown = () =>
  JSON.stringify([
    useDownloads.getState().files,
    useCatalogUi.getState().quicklooks,
    useCatalogUi.getState().active,
    useStorageUi.getState().hovered,
    useTaskingUi.getState().selected,
    useBasketStore.getState().scenes,
    useAoiStore.getState().name,
  ])

afterEach(() => setDraftOwner(null))

describe('one tab, one user after another', () => {
  it('shows each demo user nothing of the one before, and gives a returning user their drafts only', async () => {
    const c = createTestConsole()
    const unbind = bindDraftsToSession(c.session)
    try {
      let previous: string | null = null
      for (const email of USERS) {
        await c.session.signIn({ regionId: 'eu', email, password: DEMO_PASSWORD })
        if (previous) expect(shown()).not.toContain(previous)
        // Nothing in the tab-only stores at all: downloads, quicklooks, hover and picks start empty.
        expect(useDownloads.getState().files).toEqual([])
        expect(useCatalogUi.getState().quicklooks).toEqual([])
        expect(useCatalogUi.getState().active).toBeNull()
        expect(useStorageUi.getState().hovered).toBeNull()
        expect(useTaskingUi.getState().selected).toBeNull()
        leaveTraces(email)
        c.session.signOut()
        expect(shown()).not.toContain(email)
        previous = email
      }
      // The analyst came back last: their drafts (basket, AOI) are theirs again; nothing tab-only survived.
      await c.session.signIn({ regionId: 'eu', email: USERS[0], password: DEMO_PASSWORD })
      expect(useBasketStore.getState().scenes.map((s) => s.id)).toEqual([`${USERS[0]}-scene`])
      expect(useDownloads.getState().files).toEqual([])
    } finally {
      unbind()
    }
  })
})

describe('the page a user signs out from', () => {
  const routes = () => [
    { path: '/sign-in', element: <p>Sign-in page</p> },
    { path: '/', element: <Shell />, children: [{ path: 'catalog', element: <p>The catalog page</p> }] },
  ]

  it('is not carried into next= for whoever signs in after them', async () => {
    const user = userEvent.setup()
    const { router } = await renderWithConsole(routes, { at: '/catalog?aoi=secret-area&host=oneatlas' })
    await screen.findByText('The catalog page')
    await user.click(await screen.findByRole('button', { name: /^Account:/ }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Account' })).getByRole('button', {
        name: 'Sign out',
      }),
    )
    await screen.findByText('Sign-in page')
    expect(router.state.location.pathname).toBe('/sign-in')
    expect(router.state.location.search).toBe('')
  })

  it('is kept when a link is opened signed out, to land there after signing in', async () => {
    const c = createTestConsole()
    const { router } = await renderWithConsole(routes, { at: '/catalog?host=oneatlas', console: c })
    await screen.findByText('Sign-in page')
    await waitFor(() => expect(router.state.location.search).toBe('?next=%2Fcatalog%3Fhost%3Doneatlas'))
  })

  it('is not carried either when the session is signed out from the sign-in dialog or elsewhere', async () => {
    const c = await signedInConsole()
    const { router } = await renderWithConsole(routes, { at: '/catalog?aoi=secret-area', console: c })
    await screen.findByText('The catalog page')
    c.session.signOut()
    await screen.findByText('Sign-in page')
    expect(router.state.location.search).toBe('')
  })
})
