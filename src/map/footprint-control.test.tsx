// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest'
import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { FootprintControl } from './footprint-control'
import type { FootprintView } from './layers'

/** The control as MapView holds it: its own view, reported to the test as the engine would be told. */
function Harness({ keptLabel, seen }: { keptLabel?: string; seen: FootprintView[] }) {
  const [view, setView] = useState<FootprintView>('all')
  return (
    <FootprintControl
      view={view}
      keptLabel={keptLabel}
      onChange={(v) => {
        seen.push(v)
        setView(v)
      }}
    />
  )
}

const renderControl = (keptLabel?: string) => {
  const seen: FootprintView[] = []
  render(
    <MantineProvider>
      <Harness keptLabel={keptLabel} seen={seen} />
    </MantineProvider>,
  )
  return seen
}

describe('the map’s footprint control', () => {
  it('is a named group of toggle buttons the keyboard works: hide, and only the kept ones', async () => {
    const user = userEvent.setup()
    const seen = renderControl('selected and basketed')
    expect(screen.getByRole('group', { name: 'Footprints on the map' })).toBeInTheDocument()
    const hide = screen.getByRole('button', { name: 'Hide footprints' })
    const only = screen.getByRole('button', { name: 'Only selected and basketed' })
    expect(hide).toHaveAttribute('aria-pressed', 'false')
    expect(only).toHaveAttribute('aria-pressed', 'false')

    await user.tab()
    expect(hide).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(hide).toHaveAttribute('aria-pressed', 'true')
    await user.tab()
    expect(only).toHaveFocus()
    await user.keyboard(' ')
    // One view at a time: keeping only some shows footprints again.
    expect(only).toHaveAttribute('aria-pressed', 'true')
    expect(hide).toHaveAttribute('aria-pressed', 'false')
    await user.keyboard(' ')
    expect(only).toHaveAttribute('aria-pressed', 'false')
    expect(seen).toEqual(['none', 'kept', 'all'])
  })

  it('offers only hiding where there is nothing to keep', () => {
    renderControl()
    expect(screen.getByRole('button', { name: 'Hide footprints' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Only/ })).not.toBeInTheDocument()
  })
})
