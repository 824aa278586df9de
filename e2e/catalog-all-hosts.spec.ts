import type { Page } from '@playwright/test'
import { expect, expectAccessible, mapReady, signIn, test } from './fixtures'

const results = (page: Page) => page.getByRole('listbox', { name: 'Search results' })
const options = (page: Page) => results(page).getByRole('option')
const hostList = (page: Page) => page.getByRole('list', { name: /Hosts searched/ })
const hostLine = (page: Page, host: string) => hostList(page).locator(`li[data-host="${host}"]`)

/** The hosts of the rows shown (each row carries its host; its label names the host in words). */
async function hostsInList(page: Page, known: string[]): Promise<Set<string>> {
  const hosts = await options(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-host') ?? ''))
  return new Set(known.filter((h) => hosts.includes(h)))
}

test.describe('catalog search of every host', () => {
  test('no host chosen: every host at once in one list, one failing alone with its own retry, More, by keyboard', async ({
    page,
    sim,
  }) => {
    // One host's search fails; the others must still answer into the list.
    await sim.faults([{ path: '/catalog/hosts/capellaspace/stac/search', status: 542 }])
    await signIn(page, 'analyst@swath.test', '/catalog')
    await mapReady(page)
    const picker = page.getByLabel('Data host')
    await expect(picker).toHaveValue('')
    await expect(picker.locator('option:checked')).toHaveText(/^All hosts \(\d+\)$/)
    await page.getByLabel('Scenes per page').fill('20')
    await page
      .locator('label')
      .filter({ hasText: /^Anywhere$/ })
      .click()
    await page.getByRole('button', { name: 'Search' }).click()

    // The URL names no host: a link to this search searches every host again.
    await expect(page).toHaveURL(/\/catalog\?limit=20$/)
    const lines = hostList(page).getByRole('listitem')
    await expect(lines).toHaveCount(4)
    const hosts = await lines.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.host ?? ''))
    await expect(hostLine(page, 'capellaspace')).toHaveAttribute('data-state', 'failed')
    await expect(hostLine(page, 'capellaspace')).toContainText('failed')
    for (const h of hosts.filter((x) => x !== 'capellaspace'))
      await expect(hostLine(page, h)).toHaveAttribute('data-state', 'answered')
    await expect(page.getByRole('heading', { name: '60 scenes from 3 hosts' })).toBeVisible()
    await expect(options(page).first()).toBeVisible()

    // One list newest first, with scenes of the three hosts that answered: scroll through it all.
    const seen = new Set<string>()
    const list = results(page)
    // Down to the list's end (virtualized: only the rows near the view exist at a time).
    for (let atEnd = false; !atEnd && seen.size < 3;) {
      for (const h of await hostsInList(page, hosts)) seen.add(h)
      atEnd = await list.evaluate((el) => {
        const top = el.scrollTop
        el.scrollTop += el.clientHeight
        return el.scrollTop === top
      })
    }
    expect(seen.size).toBeGreaterThanOrEqual(3)
    expect(seen.has('capellaspace')).toBe(false)

    // Footprints are coloured per host (the list of hosts is the legend).
    const lineColor = await page.evaluate(() =>
      window.__swathMap?.map.getPaintProperty('catalog-footprints-line', 'line-color'),
    )
    expect(JSON.stringify(lineColor)).toContain('"match"')
    await expectAccessible(page)

    // The failed host is retried alone and merged in.
    await sim.faults([])
    await hostLine(page, 'capellaspace')
      .getByRole('button', { name: /^Retry/ })
      .click()
    await expect(hostLine(page, 'capellaspace')).toHaveAttribute('data-state', 'answered')
    await expect(page.getByRole('heading', { name: '80 scenes from 4 hosts' })).toBeVisible()

    // More pulls every host's next page into the same list.
    const before = (await sim.requests()).filter((r) => r.path.endsWith('/stac/search')).length
    await page.getByRole('button', { name: 'More' }).click()
    await expect(page.getByRole('heading', { name: '160 scenes from 4 hosts' })).toBeVisible()
    const more = (await sim.requests()).filter((r) => r.path.endsWith('/stac/search')).slice(before)
    expect(more).toHaveLength(4)
    expect(more.every((r) => r.query.includes('next='))).toBe(true)

    // By keyboard: into the list, pick scenes, and the basket takes scenes of several hosts.
    await list.evaluate((el) => (el.scrollTop = 0))
    await list.focus()
    await page.keyboard.press('Home')
    const picked = new Set<string>()
    for (let i = 0; i < 40 && picked.size < 2; i++) {
      const active = list.locator('[data-active]')
      const host = (await active.getAttribute('data-host')) ?? ''
      if (host && !picked.has(host)) {
        await page.keyboard.press('Space')
        await expect(active).toHaveAttribute('aria-selected', 'true')
        picked.add(host)
      }
      await page.keyboard.press('ArrowDown')
    }
    expect(picked.size).toBe(2)
    await expect(page.getByRole('region', { name: 'Basket' })).toContainText('Basket: 2 scenes')
  })
})
