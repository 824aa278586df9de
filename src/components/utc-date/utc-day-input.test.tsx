// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest'
import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { UtcDayInput } from './utc-day-input'

describe('an empty day field', () => {
  it('shows an example marked as one, not what reads as a day already set', () => {
    render(
      <MantineProvider>
        <UtcDayInput label="From" value={null} onChange={() => {}} />
      </MantineProvider>,
    )
    const field = screen.getByRole('textbox', { name: 'From' })
    expect(field).toHaveValue('')
    expect(field).toHaveAttribute('placeholder', 'e.g. 25 Nov 2026')
  })
})
