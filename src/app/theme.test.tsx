// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest'
import { Badge, MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { theme } from './theme'

describe('theme', () => {
  it('shows badges in sentence case, as written, not in capitals', () => {
    render(
      <MantineProvider theme={theme}>
        <Badge variant="dot">New version waits</Badge>
      </MantineProvider>,
    )
    // jsdom has no stylesheet, so Mantine's capitals would not show in the computed style: the theme's
    // setting is the inline style that overrides them.
    const badge = screen.getByText('New version waits').closest<HTMLElement>('.mantine-Badge-root')
    expect(badge?.style.textTransform).toBe('none')
  })
})
