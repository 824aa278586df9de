// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { storageRoutes } from '../../../app/routes/storage-routes'
import { mapView } from '../../../testing/map-view-state'
import { renderWithConsole } from '../../../testing/render'
import { signedInConsole, type TestConsole } from '../../../testing/sim-backend'
import { ITEMS_SOURCE } from '../map-layers'

const open = (at: string, c?: TestConsole) =>
  renderWithConsole((ctx) => [{ path: '/', children: storageRoutes(ctx) }], { at, console: c })

/** The analyst's Rotterdam delivery: a transformed collection of two items. */
function rotterdam(c: TestConsole) {
  const rec = [...c.backend.sim.runtime.world.stacCollections.values()].find(
    (r) => r.transformed && r.collection.title === 'Pléiades Neo - Port of Rotterdam',
  )
  if (!rec) throw new Error('seed changed: no Rotterdam delivery')
  return rec
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('collection page', () => {
  it('shows the metadata, the order it came from, items with footprints and hover both ways', async () => {
    const c = await signedInConsole()
    const rec = rotterdam(c)
    await open(`/storage/collections/${rec.collection.id}`, c)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pléiades Neo - Port of Rotterdam' }),
    ).toBeInTheDocument()
    // This delivery's order is not in the seed any more: it is named by its short id.
    const orderLink = await screen.findByRole('link', { name: `order ${rec.orderId?.slice(0, 8)}` })
    expect(orderLink.getAttribute('href')).toBe(`/orders/${rec.orderId}`)
    const table = await screen.findByRole('table', { name: 'Items' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    expect(screen.getByRole('heading', { name: '2 items' })).toBeInTheDocument()
    const overlay = () => mapView.props?.overlays?.find((o) => o.id === ITEMS_SOURCE)
    await waitFor(() => expect(overlay()?.data.features).toHaveLength(2))
    fireEvent.mouseEnter(rows[1])
    await waitFor(() =>
      expect(overlay()?.states).toEqual([{ id: 1, state: { hover: true, selected: false } }]),
    )
    act(() => mapView.props?.onOverlayHover?.(ITEMS_SOURCE, 0))
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveAttribute('data-hovered'))
    expect(within(rows[0]).getByRole('link').getAttribute('href')).toBe(
      `/storage/collections/${rec.collection.id}/items/${rec.itemIds[0]}`,
    )
  })

  it('draws every item’s imagery on its map, each from an overview as small as it shows, in one band combination', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const rec = rotterdam(c)
    await open(`/storage/collections/${rec.collection.id}`, c)
    const imagery = await screen.findByRole('region', { name: 'Imagery' })
    const images = () => mapView.props?.images ?? []
    await waitFor(() => expect(images()).toHaveLength(2), { timeout: 20_000 })
    expect(images().map((i) => i.id)).toEqual(rec.itemIds.map((id) => `imagery-${id}`))
    expect(imagery.querySelector('[data-imagery="drawn"]')).toHaveAttribute('data-drawn', '2')
    // One signed link per image, each file read by ranges (206), never whole, at the map's width at most
    // (512 px here: jsdom lays nothing out) of the 1,024 px image.
    expect(c.backend.log.filter((l) => l.path.endsWith('/download-url'))).toHaveLength(2)
    const reads = c.backend.log.filter((l) => l.path.startsWith('/__storage/'))
    expect(reads.length).toBeGreaterThan(2)
    expect(reads.every((l) => l.status === 206)).toBe(true)
    for (const i of images()) expect('canvas' in i && i.canvas.width).toBe(512)
    const trueColour = images().map((i) => ('canvas' in i ? i.canvas : null))
    await user.click(within(imagery).getByText('NDVI', { exact: true }))
    await waitFor(() => expect(imagery.querySelector('[data-preset="ndvi"]')).toBeInTheDocument())
    const ndvi = images().map((i) => ('canvas' in i ? i.canvas : null))
    expect(ndvi).toHaveLength(2)
    ndvi.forEach((canvas, i) => expect(canvas).not.toBe(trueColour[i]))
    expect(within(imagery).getByRole('img', { name: /Legend: NDVI/ })).toBeInTheDocument()
    // The pointer over the second item reads its pixel, named after it.
    const second = images()[1].corners
    const inside: [number, number] = [(second[0][0] + second[1][0]) / 2, (second[0][1] + second[2][1]) / 2]
    act(() => mapView.props?.onCursor?.(inside))
    expect(within(imagery).getByRole('status', { name: 'Pixel values under the pointer' })).toHaveTextContent(
      /^Pléiades Neo - Port of Rotterdam 2: (Red \d+|No image)/,
    )
  })

  it('lists its facts under readable labels: the id with a whole Copy button, sides of the extent, summaries named', async () => {
    const c = await signedInConsole()
    const rec = rotterdam(c)
    await open(`/storage/collections/${rec.collection.id}`, c)
    await screen.findByRole('heading', { level: 1, name: 'Pléiades Neo - Port of Rotterdam' })
    expect(screen.getByRole('button', { name: 'Copy the collection ID' })).toHaveTextContent('Copy')
    // The id is behind its Copy button, not in the text.
    expect(document.body).not.toHaveTextContent(rec.collection.id)
    const facts = screen.getByRole('region', { name: 'Collection' })
    const labels = [...facts.querySelectorAll('dt')].map((dt) => dt.textContent)
    expect(labels).toContain('Collection name')
    expect(labels).toContain('Cloud cover (%)')
    expect(labels.filter((l) => l?.includes(':'))).toEqual([])
    expect(labels.filter((l) => l === 'Acquired')).toHaveLength(1)
    const extent = [...facts.querySelectorAll('dt')].find((dt) => dt.textContent === 'Extent')
    expect(extent?.nextElementSibling?.textContent).toMatch(
      /^W -?\d+\.\d{4}, S -?\d+\.\d{4}, E -?\d+\.\d{4}, N -?\d+\.\d{4}$/,
    )
  })

  it('names the order that delivered it, in its link and in the service’s description', async () => {
    const c = await signedInConsole()
    const world = c.backend.sim.runtime.world
    const rec = [...world.stacCollections.values()].find(
      (r) => r.orderId && world.orders.has(r.orderId) && r.collection.description.includes(r.orderId),
    )
    if (!rec?.orderId) throw new Error('seed changed: no delivery described with its order')
    const name = world.orders.get(rec.orderId)?.order.displayName ?? ''
    await open(`/storage/collections/${rec.collection.id}`, c)
    const link = await screen.findByRole('link', { name: `order “${name}”` })
    expect(link.getAttribute('href')).toBe(`/orders/${rec.orderId}`)
    expect(
      screen.getByText(rec.collection.description.split(rec.orderId).join(`“${name}”`)),
    ).toBeInTheDocument()
  })

  it('links a processing result to the job that made it', async () => {
    const c = await signedInConsole()
    const rec = [...c.backend.sim.runtime.world.stacCollections.values()].find((r) => r.jobId)
    if (!rec?.jobId) throw new Error('seed changed: no processing result in storage')
    await open(`/storage/collections/${rec.collection.id}`, c)
    const job = c.backend.sim.runtime.world.jobs.get(rec.jobId)?.job
    const title = job?.definition.inputs.title
    if (typeof title !== 'string') throw new Error('seed changed: the job has no title')
    // Named by its title, as the budget records name jobs; never by its short id.
    const madeBy = await screen.findByText(/^Made by/)
    await waitFor(() => expect(madeBy).toHaveTextContent(`Made by ${title}`))
    expect(within(madeBy).getByRole('link', { name: title }).getAttribute('href')).toBe(`/jobs/${rec.jobId}`)
    expect(madeBy).not.toHaveTextContent(rec.jobId.slice(0, 8))
  })

  it('names its providers in words', async () => {
    const c = await signedInConsole()
    const rec = rotterdam(c)
    await open(`/storage/collections/${rec.collection.id}`, c)
    const facts = await screen.findByRole('region', { name: 'Collection' })
    const providers = [...facts.querySelectorAll('dt')].find((dt) => dt.textContent === 'Providers')
    expect(providers?.nextElementSibling?.textContent).toBe('Airbus Defence and Space, OneAtlas')
  })

  it('pages items with a zero-based page in the URL and the request', async () => {
    const c = await signedInConsole()
    const rec = rotterdam(c)
    const r = await open(`/storage/collections/${rec.collection.id}?page=1&limit=20`, c)
    // The URL's page 1 is the second page, shown as "Page 2"; the collection's items fit on the first.
    expect(await screen.findByText('Page 2 is past the end')).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Pages of items' })).toBeNull()
    const req = c.backend.log.filter((l) => l.path.endsWith('/items')).at(-1)
    expect(new URLSearchParams(req?.query).get('page')).toBe('1')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to the first page' }))
    await waitFor(() => expect(r.router.state.location.search).toContain('page=0'))
    expect(await screen.findByRole('table', { name: 'Items' })).toBeInTheDocument()
  })

  it('deletes after a confirmation that counts items and files and says it cannot be undone', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const rec = rotterdam(c)
    const r = await open(`/storage/collections/${rec.collection.id}`, c)
    await user.click(await screen.findByRole('button', { name: 'Delete collection…' }))
    const dialog = await screen.findByRole('dialog', { name: /Delete “Pléiades Neo - Port of Rotterdam”/ })
    // Two items, each with an image, its preview and a metadata file.
    expect(
      await within(dialog).findByText('This deletes 2 items and 6 files (assets) from storage.'),
    ).toBeInTheDocument()
    expect(within(dialog).getByText(/This cannot be undone/)).toBeInTheDocument()
    expect(c.backend.log.some((l) => l.method === 'DELETE')).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }))
    await waitFor(() => expect(r.router.state.location.pathname).toBe('/storage'))
    expect(
      await screen.findByText('“Pléiades Neo - Port of Rotterdam” and its files are gone from storage.'),
    ).toBeInTheDocument()
    expect(c.backend.log.filter((l) => l.method === 'DELETE').map((l) => l.path)).toEqual([
      `/v2/assets/stac/collections/${rec.collection.id}`,
    ])
    expect(c.backend.sim.runtime.world.stacCollections.has(rec.collection.id)).toBe(false)
    // The browser's list is read after the deletion and no longer holds it.
    const list = await screen.findByRole('list', { name: 'Collections' })
    await waitFor(() =>
      expect(within(list).queryByText('Pléiades Neo - Port of Rotterdam')).not.toBeInTheDocument(),
    )
  })

  it('a viewer sees why it cannot delete or edit', async () => {
    const c = await signedInConsole('viewer@swath.test')
    const rec = [...c.backend.sim.runtime.world.stacCollections.values()].find(
      (x) => x.accountId === c.session.getSnapshot().user?.accountId && x.transformed,
    )
    if (!rec) throw new Error('no collection for the viewer')
    await open(`/storage/collections/${rec.collection.id}`, c)
    expect(await screen.findByText(/Your role \(Viewer\)/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Delete collection…' })).not.toBeInTheDocument()
  })

  it('an unknown collection has a page of its own', async () => {
    await open('/storage/collections/0b6e4f2a-1111-4222-8333-944455556666')
    expect(await screen.findByRole('heading', { name: 'Collection not found' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(
      'No collection 0b6e4f2a-1111-4222-8333-944455556666 is in this account’s storage. It may have been deleted, or the link may be old or mistyped.',
    )
    expect(screen.getByRole('link', { name: 'All of storage' })).toHaveAttribute('href', '/storage')
  })

  it('an unknown item names itself and leads back to its collection', async () => {
    const c = await signedInConsole()
    const rec = rotterdam(c)
    await open(`/storage/collections/${rec.collection.id}/items/no-such-item`, c)
    expect(await screen.findByRole('heading', { level: 1, name: 'Item not found' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('No item no-such-item is in this collection.')
    expect(screen.getByRole('link', { name: 'The collection' })).toHaveAttribute(
      'href',
      `/storage/collections/${rec.collection.id}`,
    )
  })
})

describe('item page', () => {
  it('groups properties, lists every file, and downloads through a link signed at each click', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const rec = rotterdam(c)
    const opened: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      opened.push(this.href)
    })
    await open(`/storage/collections/${rec.collection.id}/items/${rec.itemIds[0]}`, c)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pléiades Neo - Port of Rotterdam 1' }),
    ).toBeInTheDocument()
    expect(await screen.findByRole('table', { name: 'Acquisition properties' })).toHaveTextContent(
      'Constellation',
    )
    expect(screen.getByRole('table', { name: 'Storage properties' })).toHaveTextContent('Asset ID')
    const files = screen.getByRole('table', { name: 'Files' })
    expect(
      within(files).getByText('image/tiff; application=geotiff; profile=cloud-optimized'),
    ).toBeInTheDocument()
    expect(within(files).getByText('image/png')).toBeInTheDocument()
    expect(within(files).getByText('application/json')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Download Image' }))
    await waitFor(() => expect(opened).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: 'Download Image' }))
    await waitFor(() => expect(opened).toHaveLength(2))
    // A new link for each click, never one kept from before (and one the map's imagery asked for).
    const signs = () => c.backend.log.filter((l) => l.path.endsWith('/download-url'))
    await waitFor(() => expect(signs()).toHaveLength(3))
    expect(opened[0]).not.toBe(opened[1])
    expect(opened[0]).toMatch(/\/__storage\/[0-9a-f]+\/scene-1\.tif\?response-content-disposition=/)
    // The download is the browser's, as a plain navigation: the client fetched no whole file, only the
    // map's imagery read ranges of it (206).
    const fetched = c.backend.log.filter((l) => l.path.startsWith('/__storage/'))
    expect(fetched.filter((l) => l.status !== 206)).toEqual([])
  })

  it('holds its map back while its picture is read, then gives the map the picture', async () => {
    const c = await signedInConsole()
    const rec = rotterdam(c)
    // The file's Range reads wait: the picture is being read for as long as the test looks.
    const release = c.backend.hold('/__storage/')
    await open(`/storage/collections/${rec.collection.id}/items/${rec.itemIds[0]}`, c)
    await screen.findByRole('heading', { level: 1, name: 'Pléiades Neo - Port of Rotterdam 1' })
    await waitFor(() => expect(c.backend.log.some((l) => l.path.endsWith('/download-url'))).toBe(true))
    await waitFor(() => expect(mapView.props?.label).toBe("Map of the item's footprint and imagery"))
    expect(mapView.props?.hold).toBe(true)
    expect(mapView.props?.images ?? []).toEqual([])
    release()
    await waitFor(() => expect(mapView.props?.images).toHaveLength(1), { timeout: 20_000 })
    expect(mapView.props?.hold).toBe(false)
  })

  it('reads in words: codes named, dates formatted, ids beside Copy buttons, sizes given, files named after the item', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const world = c.backend.sim.runtime.world
    const rec = rotterdam(c)
    const stored = world.stacItems.get(rec.itemIds[0])?.item
    if (!stored) throw new Error('seed changed: no Rotterdam item')
    const p = stored.properties
    const glossary = world.collections.find((g) => g.name === p['up42-product:collection_name'])
    const product = glossary?.dataProducts.find((d) => d.id === p['up42-product:product_id'])
    if (!glossary || !product) throw new Error('seed changed: the item names no glossary product')
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    await open(`/storage/collections/${rec.collection.id}/items/${rec.itemIds[0]}`, c)
    await screen.findByRole('heading', { level: 1, name: 'Pléiades Neo - Port of Rotterdam 1' })
    const storage = await screen.findByRole('table', { name: 'Storage properties' })
    const row = (table: HTMLElement, label: string) =>
      within(table).getByRole('rowheader', { name: label }).closest('tr') as HTMLElement
    expect(row(storage, 'Source')).toHaveTextContent(/^SourceArchive order$/)
    expect(row(storage, 'Stored')).toHaveTextContent(/^Stored\d{1,2} \w{3} \d{4} \d\d:\d\d UTC$/)
    // Ids are read beside their Copy button (compared by eye with a support mail or another page).
    for (const [label, key, button] of [
      ['Asset ID', 'up42-system:asset_id', 'Copy the asset ID'],
      ['Account ID', 'up42-system:account_id', 'Copy the account ID'],
    ] as const) {
      expect(row(storage, label)).toHaveTextContent(String(p[key]))
      expect(within(row(storage, label)).getByRole('button', { name: button })).toBeInTheDocument()
    }
    const order = screen.getByRole('table', { name: 'Order and product properties' })
    expect(await within(order).findByRole('link', { name: glossary.title })).toHaveAttribute(
      'href',
      `/collections/${glossary.name}`,
    )
    // The data product's id, not its name (the collection's row names it).
    expect(row(order, 'Data product ID')).toHaveTextContent(String(p['up42-product:product_id']))
    expect(row(order, 'Data product ID')).not.toHaveTextContent(product.title)
    const acquisition = screen.getByRole('table', { name: 'Acquisition properties' })
    expect(acquisition).not.toHaveTextContent(/\d{4}-\d\d-\d\dT/)
    // No raw codes in the text of the page, nor the item's id (its Copy button stands for it).
    const text = document.body.textContent ?? ''
    for (const raw of [stored.id, 'ARCHIVE']) {
      expect(text).not.toContain(String(raw))
    }
    expect(text).not.toContain(String(p['up42-product:collection_name']))
    const files = screen.getByRole('table', { name: 'Files' })
    expect(within(files).queryByText('Not given')).toBeNull()
    expect(within(files).getAllByText(/^\d+(\.\d)? (B|KiB|MiB)$/)).toHaveLength(3)
    await user.click(within(files).getByRole('button', { name: 'Download Image' }))
    await waitFor(() => expect(saved).toEqual(['Pléiades Neo - Port of Rotterdam 1 – Image.tif']))
  })

  it('edits title and tags; the tag rule is checked before sending', async () => {
    const user = userEvent.setup()
    const c = await signedInConsole()
    const rec = rotterdam(c)
    await open(`/storage/collections/${rec.collection.id}/items/${rec.itemIds[0]}`, c)
    const form = await screen.findByRole('form', { name: 'Title and tags' })
    const title = within(form).getByLabelText('Title')
    await user.clear(title)
    await user.type(title, 'Harbour east')
    await user.type(within(form).getByLabelText('Tags'), 'bad#tag{Enter}')
    await user.click(within(form).getByRole('button', { name: 'Save title and tags' }))
    expect(await within(form).findByText(/“bad#tag” has a character tags cannot hold/)).toBeInTheDocument()
    expect(c.backend.log.some((l) => l.method === 'PATCH')).toBe(false)

    // Remove the bad tag (its pill's remove button), add a good one.
    const pills = form.querySelectorAll('.mantine-Pill-remove')
    fireEvent.click(pills[pills.length - 1])
    await user.type(within(form).getByLabelText('Tags'), 'harbour/east{Enter}')
    await user.click(within(form).getByRole('button', { name: 'Save title and tags' }))
    expect(await within(form).findByText('Saved.')).toBeInTheDocument()
    const patch = c.backend.log.find((l) => l.method === 'PATCH')
    expect(patch?.body).toEqual({ 'up42-user:title': 'Harbour east', 'up42-user:tags': ['harbour/east'] })
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour east' })).toBeInTheDocument()
  })
})
