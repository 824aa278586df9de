// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest'
import { MantineProvider } from '@mantine/core'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState, type ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Pager } from './pager'

function Known({ total, start = 1 }: { total: number; start?: number }) {
  const [page, setPage] = useState(start)
  return <Pager things="orders" page={page} total={total} onPage={setPage} />
}

function Unknown({ pages }: { pages: number }) {
  const [page, setPage] = useState(1)
  return <Pager things="jobs" page={page} hasNext={page < pages} onPage={setPage} />
}

const show = (ui: ReactElement) => render(<MantineProvider>{ui}</MantineProvider>)
const nav = (name: string) => screen.getByRole('navigation', { name })

describe('Pager', () => {
  it('numbers the pages of a known total and moves between them by click and by keyboard', async () => {
    const user = userEvent.setup()
    show(<Known total={3} />)
    const pages = nav('Pages of orders')
    const previous = within(pages).getByRole('button', { name: 'Previous page' })
    const next = within(pages).getByRole('button', { name: 'Next page' })
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
    expect(previous).toHaveAttribute('aria-disabled', 'true')

    await user.click(within(pages).getByRole('button', { name: 'Page 3' }))
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page')
    expect(next).toHaveAttribute('aria-disabled', 'true')

    // From the keyboard: Next at the last page does nothing and keeps the focus where it is.
    next.focus()
    await user.keyboard('{Enter}')
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page')
    expect(next).toHaveFocus()
    await user.tab({ shift: true })
    await user.tab({ shift: true })
    expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveFocus()
    await user.keyboard(' ')
    expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
    await user.click(previous)
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
  })

  it('offers previous and next only when the total is not known', async () => {
    const user = userEvent.setup()
    show(<Unknown pages={3} />)
    const pages = nav('Pages of jobs')
    expect(within(pages).queryByRole('button', { name: /^Page / })).toBeNull()
    expect(pages).toHaveTextContent('Page 1')
    const next = within(pages).getByRole('button', { name: 'Next page' })
    await user.click(next)
    await user.click(next)
    expect(pages).toHaveTextContent('Page 3')
    expect(next).toHaveAttribute('aria-disabled', 'true')
    expect(next).toHaveFocus()
    await user.click(next)
    expect(pages).toHaveTextContent('Page 3')
    await user.click(within(pages).getByRole('button', { name: 'Previous page' }))
    expect(pages).toHaveTextContent('Page 2')
  })

  it('is not there for one page, nor past the last page', () => {
    const onPage = vi.fn()
    show(
      <>
        <Pager things="orders" page={1} total={1} onPage={onPage} />
        <Pager things="collections" page={5} total={3} onPage={onPage} />
        <Pager things="jobs" page={1} hasNext={false} onPage={onPage} />
      </>,
    )
    expect(screen.queryByRole('navigation')).toBeNull()
  })

  it('keeps the last page reachable when the total is not known and the next page is the last', () => {
    show(<Pager things="jobs" page={2} hasNext={false} onPage={vi.fn()} />)
    const pages = nav('Pages of jobs')
    expect(within(pages).getByRole('button', { name: 'Previous page' })).not.toHaveAttribute('aria-disabled')
    expect(within(pages).getByRole('button', { name: 'Next page' })).toHaveAttribute('aria-disabled', 'true')
  })
})
