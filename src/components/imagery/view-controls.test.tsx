// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest'
import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { DEFAULT_VIEW, type ImageView } from '../../lib/imagery/view'
import { ViewControls } from './view-controls'

function Controls({ bands }: { bands: number }) {
  const [view, setView] = useState<ImageView>(DEFAULT_VIEW)
  return (
    <MantineProvider>
      <ViewControls view={view} setView={setView} bands={bands} analysed={null} />
      <output aria-label="Formula drawn">{view.formula ?? ''}</output>
    </MantineProvider>
  )
}

const presets = () =>
  screen
    .queryAllByRole('button')
    .map((b) => b.textContent)
    .filter((t) => t && ['NDVI', 'NDWI', 'NDBI', 'Radar ratio'].includes(t))

describe('ViewControls band maths presets', () => {
  it('offers NDBI on an image with a SWIR band and fills in its formula', async () => {
    const user = userEvent.setup()
    render(<Controls bands={5} />)
    await user.click(screen.getByRole('switch', { name: 'Band maths formula' }))
    expect(screen.getByRole('textbox', { name: 'Formula' })).toHaveValue('(nir - red) / (nir + red)')
    expect(presets()).toEqual(['NDVI', 'NDWI', 'NDBI'])
    await user.click(screen.getByRole('button', { name: 'NDBI' }))
    expect(screen.getByLabelText('Formula drawn')).toHaveTextContent('(swir - nir) / (swir + nir)')
    expect(screen.getByRole('textbox', { name: 'Formula' })).toHaveValue('(swir - nir) / (swir + nir)')
  })

  it('leaves NDBI out where there is no SWIR band', async () => {
    const user = userEvent.setup()
    render(<Controls bands={4} />)
    await user.click(screen.getByRole('switch', { name: 'Band maths formula' }))
    expect(presets()).toEqual(['NDVI', 'NDWI'])
  })

  it('starts a dual-polarisation radar image on the radar ratio, VV over VH in dB', async () => {
    const user = userEvent.setup()
    render(<Controls bands={2} />)
    await user.click(screen.getByRole('switch', { name: 'Band maths formula' }))
    expect(presets()).toEqual(['Radar ratio'])
    expect(screen.getByRole('textbox', { name: 'Formula' })).toHaveValue('20 * log10(vv / vh)')
    expect(screen.getByText(/Bands: vv, vh;/)).toBeInTheDocument()
  })
})
