// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest'
import { MantineProvider } from '@mantine/core'
import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { TimeAxis, type TimeAxisItem } from './time-axis'

const t = (s: string) => Date.parse(s)
const items: TimeAxisItem[] = [
  { id: 'b', start: t('2026-12-05T10:30:00Z'), end: t('2026-12-05T10:30:10Z'), lane: 'f1', label: 'Pass B' },
  { id: 'a', start: t('2026-12-02T10:30:00Z'), end: t('2026-12-02T10:30:10Z'), lane: 'f1', label: 'Pass A' },
  {
    id: 'c',
    start: t('2026-12-03T00:00:00Z'),
    end: t('2026-12-09T00:00:00Z'),
    lane: 'f2',
    label: 'Window C',
  },
]

function renderAxis(props: Partial<Parameters<typeof TimeAxis>[0]> = {}) {
  return render(
    <MantineProvider>
      <TimeAxis
        items={items}
        lanes={[
          { id: 'f1', label: 'Feature 1' },
          { id: 'f2', label: 'Feature 2' },
        ]}
        from={t('2026-12-01T00:00:00Z')}
        to={t('2026-12-11T00:00:00Z')}
        label="Opportunities in time"
        {...props}
      />
    </MantineProvider>,
  )
}

describe('TimeAxis', () => {
  it('places bars in their lanes at their time, short passes centred and windows spanning', () => {
    renderAxis()
    const group = screen.getByRole('group', { name: 'Opportunities in time' })
    expect(group).toHaveTextContent('Feature 1')
    const a = screen.getByRole('button', { name: 'Pass A' })
    expect(a.style.left).toMatch(/^1[0-4]\.\d+%$/)
    expect(a).not.toHaveAttribute('data-wide')
    const c = screen.getByRole('button', { name: 'Window C' })
    expect(c).toHaveAttribute('data-wide')
    expect(c.style.left).toBe('20%')
    expect(c.style.width).toBe('60%')
  })

  it('has one tab stop and moves between bars in time order with the arrow keys', async () => {
    const onHover = vi.fn()
    const onSelect = vi.fn()
    renderAxis({ onHover, onSelect })
    const user = userEvent.setup()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Pass A' })).toHaveFocus()
    expect(onHover).toHaveBeenLastCalledWith('a')
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('button', { name: 'Window C' })).toHaveFocus()
    await user.keyboard('{End}')
    expect(screen.getByRole('button', { name: 'Pass B' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(onSelect).toHaveBeenCalledWith('b')
    // Only the focused bar is a tab stop.
    expect(screen.getAllByRole('button').filter((b) => b.tabIndex === 0)).toHaveLength(1)
  })

  it('shows the hovered and selected bars given from outside, and reports the pointer', () => {
    const onHover = vi.fn()
    renderAxis({ hoveredId: 'c', selectedId: 'b', onHover, onSelect: () => undefined })
    expect(screen.getByRole('button', { name: 'Window C' })).toHaveAttribute('data-hovered')
    expect(screen.getByRole('button', { name: 'Pass B' })).toHaveAttribute('aria-pressed', 'true')
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Pass A' }))
    expect(onHover).toHaveBeenLastCalledWith('a')
    fireEvent.mouseLeave(screen.getByRole('button', { name: 'Pass A' }))
    expect(onHover).toHaveBeenLastCalledWith(null)
  })
})
