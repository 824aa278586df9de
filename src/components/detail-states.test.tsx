// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest'
import { Code, MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { ApiError, kindOfStatus } from '../api/errors'
import { DetailFailure, DetailLoading } from './detail-states'

const apiError = (status: number) => new ApiError({ kind: kindOfStatus(status), status, title: 'Refused' })
const show = (ui: ReactNode) =>
  render(
    <MantineProvider>
      <MemoryRouter>{ui}</MemoryRouter>
    </MantineProvider>,
  )

function failure(error: unknown, more: { missing?: boolean; onRetry?: () => void } = {}) {
  show(
    <DetailFailure
      thing="feasibility study"
      error={error}
      missing={more.missing}
      missingText={
        <>
          No feasibility study <Code>fs-1</Code> exists in this account. It may have been deleted, or the link
          may be old or mistyped.
        </>
      }
      onRetry={more.onRetry ?? vi.fn()}
      back={{ to: '/decisions', label: 'All decisions' }}
    />,
  )
}

const back = () => screen.getByRole('link', { name: 'All decisions' })

describe('DetailFailure', () => {
  it('says a 404 with the page’s own sentence, naming the id, and offers no retry', () => {
    failure(apiError(404))
    expect(screen.getByRole('heading', { level: 1, name: 'Feasibility study not found' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(
      'No feasibility study fs-1 exists in this account. It may have been deleted, or the link may be old or mistyped.',
    )
    expect(screen.getByText('fs-1').tagName).toBe('CODE')
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    expect(back()).toHaveAttribute('href', '/decisions')
  })

  it('says "not found" when the page knows it without a 404 (an empty answer to a read by id)', () => {
    failure(null, { missing: true })
    expect(screen.getByRole('heading', { level: 1, name: 'Feasibility study not found' })).toBeInTheDocument()
  })

  it('says a 403 is a matter of permission, who can give it, and offers no retry', () => {
    failure(apiError(403))
    expect(
      screen.getByRole('heading', { level: 1, name: 'No permission to see this feasibility study' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your role does not allow opening this feasibility study. Ask an account administrator for access.',
    )
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    expect(back()).toBeInTheDocument()
  })

  it('says what to do about any other failure, and tries again on request', async () => {
    const onRetry = vi.fn()
    failure(apiError(503), { onRetry })
    expect(
      screen.getByRole('heading', { level: 1, name: 'The feasibility study failed to load' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('This is usually brief: try again in a moment.')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
    expect(back()).toBeInTheDocument()
  })

  it('treats an error that is not the service’s (a crash in reading the answer) as a failure to retry', () => {
    failure(new TypeError('x is undefined'))
    expect(
      screen.getByRole('heading', { level: 1, name: 'The feasibility study failed to load' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})

describe('DetailLoading', () => {
  it('is a busy status named for what loads', () => {
    show(<DetailLoading label="Loading the order" />)
    const status = screen.getByRole('status', { name: 'Loading the order' })
    expect(status).toHaveAttribute('aria-busy', 'true')
  })
})
