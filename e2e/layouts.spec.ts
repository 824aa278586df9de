import { expect, expectAccessible, signIn, test } from './fixtures'

test.describe('layouts that fit', () => {
  test('at 1024 × 700 the navigation folds behind its button and the orders table starts on the first screen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1024, height: 700 })
    await signIn(page, 'analyst@swath.test', '/orders')
    const nav = page.getByRole('navigation', { name: 'Main navigation' })
    // Folded away: off the screen, and out of the focus order and the accessibility tree.
    await expect(nav).not.toBeInViewport()
    await expect(nav).toHaveAttribute('inert', '')
    const firstRow = page.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1)
    await expect(firstRow).toBeVisible()
    const box = await firstRow.boundingBox()
    expect(box && box.y + box.height).toBeLessThanOrEqual(700)
    await expectAccessible(page)

    // The menu button opens the navigation and says so; Escape folds it and focus returns to the button.
    const menu = page.getByRole('button', { name: 'Toggle navigation' })
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expect(menu).toHaveAttribute('aria-controls', 'main-navigation')
    await menu.click()
    await expect(nav).toBeInViewport()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await nav.getByRole('link', { name: 'Orders' }).focus()
    await page.keyboard.press('Escape')
    await expect(nav).not.toBeInViewport()
    await expect(menu).toBeFocused()
    // A link closes it too.
    await menu.click()
    await expect(nav).toBeInViewport()
    await expect(nav).not.toHaveAttribute('inert')
    await nav.getByRole('link', { name: 'Processing' }).click()
    await expect(page.getByRole('heading', { name: 'Processing', level: 1 })).toBeVisible()
    // The tab is named after the page.
    await expect(page).toHaveTitle('Processing · Swath')
    await expect(nav).not.toBeInViewport()
  })

  test('the catalog fills a large window under the license banner, and a small one scrolls as one page (decision 46)', async ({
    page,
    sim,
  }) => {
    // The seed's analyst has a licence to accept: its banner shows above the page.
    await sim.reset()
    await page.setViewportSize({ width: 1440, height: 900 })
    await signIn(page, 'analyst@swath.test', '/catalog')
    for (const [width, height] of [
      [1440, 900],
      [1024, 700],
    ]) {
      await page.setViewportSize({ width, height })
      await expect(page.getByRole('region', { name: 'Licenses waiting for acceptance' })).toBeVisible()
      const search = page.getByRole('button', { name: 'Search', exact: true })
      // At both sizes the Search button is on the first screen: at 1024 × 700 the side panel is as tall as what
      // the banner and the title leave of the window.
      expect(await page.evaluate(() => window.scrollY)).toBe(0)
      await expect(search).toBeInViewport({ ratio: 1 })
      const overflow = () => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)
      // 1440 × 900 is filled: map and list share the window. Below 1101 × 781 the page scrolls as one, so
      // nothing the analyst reads (a plan's answer) is cut in a box that scrolls on its own.
      if (width === 1440) await expect.poll(overflow).toBeLessThanOrEqual(0)
      const map = await page.getByRole('region', { name: /^Map of the search/ }).boundingBox()
      expect(map && map.height).toBeGreaterThanOrEqual(width === 1440 ? 420 : 260)
    }
  })

  test('at 1280 px every orders column shows, and filters set are chips that remove them', async ({
    page,
  }) => {
    await signIn(page, 'analyst@swath.test', '/orders?status=PLACED&tags=tasking')
    const table = page.getByRole('table', { name: 'Orders' })
    await expect(table.getByRole('row').nth(1)).toBeVisible()
    for (const name of [
      'Name',
      'Status',
      'Type',
      'Sub-status',
      'Data product',
      'Budget',
      'Tags',
      'Created',
      'Updated',
    ]) {
      const header = table.getByRole('columnheader', { name: new RegExp(`^${name}`) })
      await expect(header).toBeInViewport()
    }
    const set = page.getByRole('group', { name: 'Filters set' })
    await set.getByRole('button', { name: 'Remove the filter Tag: tasking' }).click()
    await expect(page).not.toHaveURL(/tags=/)
    await expect(page).toHaveURL(/status=PLACED/)
    await expectAccessible(page)
  })

  test('status badges show their whole text in the licenses and decisions tables, at 1440 and 1024 px', async ({
    page,
    sim,
  }) => {
    await sim.reset()
    await page.setViewportSize({ width: 1440, height: 900 })
    await signIn(page, 'analyst@swath.test', '/licences')
    const cutBadges = () =>
      page.evaluate(() =>
        [
          ...document.querySelectorAll<HTMLElement>(
            'main .mantine-Badge-root, main .mantine-Badge-label, main [data-badge], main [data-badge] > span',
          ),
        ]
          .filter((el) => el.scrollWidth > el.clientWidth + 1)
          .map((el) => el.textContent),
      )
    for (const [path, table, text] of [
      ['/licences', 'Licenses', 'New version waits'],
      ['/decisions', 'Decisions', 'Not decided'],
    ] as const) {
      for (const [width, height] of [
        [1440, 900],
        [1024, 700],
      ]) {
        await page.setViewportSize({ width, height })
        await page.goto(path)
        const t = page.getByRole('table', { name: table })
        await expect(t.getByText(text).first()).toBeVisible()
        expect(await cutBadges(), `${path} at ${width} px`).toEqual([])
      }
    }
  })

  test('orders rows show whole words: status on one line, tags unbroken, cut text readable on hover', async ({
    page,
    sim,
  }) => {
    await sim.reset()
    await page.setViewportSize({ width: 1440, height: 900 })
    await signIn(page, 'analyst@swath.test', '/orders')
    for (const [width, height] of [
      [1440, 900],
      [1024, 700],
    ]) {
      await page.setViewportSize({ width, height })
      const table = page.getByRole('table', { name: 'Orders' })
      await expect(table.getByRole('row').nth(1)).toBeVisible()
      const problems = await page.evaluate(() => {
        const out: string[] = []
        for (const row of document.querySelectorAll<HTMLElement>('tr[data-row-index]')) {
          const badge = row.querySelector<HTMLElement>('[data-badge]')
          // One line, and not cut by its cell.
          if (badge && badge.getBoundingClientRect().height > 22)
            out.push(`status wraps: ${badge.textContent}`)
          const cell = badge?.closest('td')
          if (
            badge &&
            cell &&
            badge.getBoundingClientRect().right >
              cell.getBoundingClientRect().right - parseFloat(getComputedStyle(cell).paddingRight) + 0.5
          )
            out.push(
              `status cut: ${badge.textContent} (${badge.getBoundingClientRect().width} px in ${cell.clientWidth} px)`,
            )
          // Nothing taller than its row (the rows have one fixed height).
          for (const td of row.querySelectorAll<HTMLElement>('td'))
            if (td.scrollHeight > td.clientHeight + 1) out.push(`taller than its row: ${td.textContent}`)
          for (const tag of row.querySelectorAll<HTMLElement>('[data-tag]'))
            if (tag.getBoundingClientRect().height > 20) out.push(`tag broken: ${tag.textContent}`)
          // A budget's name breaks between words only: each word on one line.
          for (const el of row.querySelectorAll<HTMLElement>('[data-whole-words]')) {
            const text = el.firstChild
            if (!(text instanceof Text)) continue
            const words = text.data.matchAll(/\S+/g)
            for (const w of words) {
              const range = document.createRange()
              range.setStart(text, w.index)
              range.setEnd(text, w.index + w[0].length)
              if (range.getClientRects().length > 1) out.push(`word broken: ${w[0]}`)
            }
          }
          // Text cut at two lines is readable whole on hover.
          for (const clamp of row.querySelectorAll<HTMLElement>('[data-clamp]'))
            if (clamp.scrollHeight > clamp.clientHeight + 1 && !clamp.closest('td')?.title)
              out.push(`cut without its text on hover: ${clamp.textContent}`)
        }
        return out
      })
      expect(problems, `at ${width} px`).toEqual([])
    }
  })

  test('the jobs table shows whole times, ids and names, and starts on the first screen, at 1440 and 1024 px', async ({
    page,
    sim,
  }) => {
    await sim.reset()
    await page.setViewportSize({ width: 1440, height: 900 })
    await signIn(page, 'analyst@swath.test', '/jobs')
    for (const [width, height] of [
      [1440, 900],
      [1024, 700],
    ]) {
      await page.setViewportSize({ width, height })
      // At 1024 px the navigation folds away: measure once it has.
      const nav = page.getByRole('navigation', { name: 'Main navigation' })
      if (width < 1100) await expect(nav).not.toBeInViewport()
      else await expect(nav).toBeInViewport()
      const firstRow = page.getByRole('table', { name: 'Jobs' }).getByRole('row').nth(1)
      await expect(firstRow).toBeVisible()
      const problems = await page.evaluate(() => {
        const out: string[] = []
        const table = document.querySelector<HTMLElement>('table[aria-label="Jobs"]')
        const box = table?.parentElement
        if (box && box.scrollWidth > box.clientWidth + 1)
          out.push(`the table is wider than its box: ${box.scrollWidth} > ${box.clientWidth}`)
        for (const row of document.querySelectorAll<HTMLElement>('tr[data-job-id]'))
          for (const el of row.querySelectorAll<HTMLElement>('td, td > *'))
            if (el.scrollWidth > el.clientWidth + 1) out.push(`cut: ${el.textContent}`)
        return out
      })
      expect(problems, `at ${width} px`).toEqual([])
      // The filters leave the first rows on the first screen.
      const box = await firstRow.boundingBox()
      expect(box && box.y + box.height, `first row at ${width} px`).toBeLessThanOrEqual(height)
    }
  })

  test('Start: card headings and their links stay on one line, lone links are 24 px targets, at 1440 and 1024 px', async ({
    page,
    sim,
  }) => {
    await sim.reset()
    await page.setViewportSize({ width: 1440, height: 900 })
    await signIn(page, 'analyst@swath.test', '/')
    for (const [width, height] of [
      [1440, 900],
      [1024, 700],
    ]) {
      await page.setViewportSize({ width, height })
      await expect(page.getByRole('region', { name: /^Budget spend in / })).toContainText('spent this month')
      await expect(
        page.getByRole('region', { name: 'Newest in storage' }).getByRole('link').nth(1),
      ).toBeVisible()
      const problems = await page.evaluate(() => {
        const out: string[] = []
        const lines = (el: HTMLElement) =>
          Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight))
        for (const card of document.querySelectorAll<HTMLElement>('main section[aria-labelledby]')) {
          const heading = card.querySelector<HTMLElement>('h2')
          const more = heading?.parentElement?.querySelector<HTMLElement>(':scope > a')
          for (const el of [heading, more])
            if (el && lines(el) > 1) out.push(`on ${lines(el)} lines: ${el.textContent}`)
        }
        for (const name of ['home-deliveries', 'home-licences'])
          for (const a of document.querySelectorAll<HTMLElement>(`section[aria-labelledby="${name}"] li a`))
            if (a.getBoundingClientRect().height < 24)
              out.push(`a ${a.getBoundingClientRect().height} px target: ${a.textContent}`)
        return out
      })
      expect(problems, `at ${width} px`).toEqual([])
    }
  })
})
