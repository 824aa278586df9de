// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import type { Polygon } from 'geojson'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ok } from '../../api/client'
import { isApiError } from '../../api/errors'
import { renderWithConsole } from '../../testing/render'
import { signedInConsole, type TestConsole } from '../../testing/sim-backend'
import {
  cleanParams,
  defaultsOf,
  enumTitle,
  validateParams,
  type JsonSchema,
  type ParamProblem,
  type Params,
} from '../../lib/order-params/form-model'
import { SchemaForm, type SchemaFormProps } from './schema-form'
import { isoToUtcText } from '../utc-date/utc'

// ------------------------------------------------------------------------------------ the service side

/** The id of a data product, found in the glossary as the console finds it. */
async function productId(c: TestConsole, collection: string, product?: string): Promise<string> {
  const page = await ok(c.client.GET('/v2/collections', { params: { query: { size: 100 } } }))
  const found = page.content
    .find((x) => x.name === collection)
    ?.dataProducts.find((p) => p.id && (!product || p.name === product))
  if (!found?.id) throw new Error(`no orderable product ${product ?? ''} in ${collection}`)
  return found.id
}

const formOf = async (c: TestConsole, id: string): Promise<JsonSchema> =>
  ok(c.client.GET('/orders/schema/{data-product-id}', { params: { path: { 'data-product-id': id } } }))

const square = (lon: number, lat: number, half: number): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon - half, lat - half],
      [lon + half, lat - half],
      [lon + half, lat + half],
      [lon - half, lat + half],
      [lon - half, lat - half],
    ],
  ],
})

const NAIROBI = square(36.82, -1.29, 0.05)

/** A Pléiades scene from the catalog and a small AOI inside its footprint. */
async function phrScene(c: TestConsole): Promise<{ id: string; aoi: Polygon }> {
  const found = await ok(
    c.client.POST('/catalog/hosts/{host-name}/stac/search', {
      params: { path: { 'host-name': 'oneatlas' } },
      body: { collections: ['phr'], limit: 1 },
    }),
  )
  const scene = found.features[0]
  const g = scene.geometry
  const ring = g.type === 'Polygon' ? g.coordinates[0] : g.coordinates[0][0]
  const lons = ring.map((p) => p[0])
  const lats = ring.map((p) => p[1])
  const mid = (xs: number[]) => (Math.min(...xs) + Math.max(...xs)) / 2
  return { id: scene.properties.id, aoi: square(mid(lons), mid(lats), 0.005) }
}

/** Estimates one feature with these params: [] when the service accepts them, else its field errors. */
async function estimate(
  c: TestConsole,
  dataProduct: string,
  params: Params,
  geometry: Polygon,
): Promise<ParamProblem[]> {
  try {
    const r = await ok(
      c.client.POST('/v2/orders/estimate', {
        body: {
          dataProduct,
          displayName: 'Schema form test',
          params,
          featureCollection: {
            type: 'FeatureCollection',
            features: [{ type: 'Feature', geometry, properties: {} }],
          },
        },
      }),
    )
    expect(r.results).toHaveLength(1)
    return []
  } catch (e) {
    if (isApiError(e) && e.kind === 'invalid') return e.fieldErrors
    throw e
  }
}

/** An acquisition window from tomorrow to three weeks on, by the simulator's clock. */
function window(c: TestConsole) {
  const now = c.backend.sim.runtime.world.now()
  const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')
  return { acquisitionStart: iso(now + 86_400_000), acquisitionEnd: iso(now + 21 * 86_400_000) }
}

// ---------------------------------------------------------------------------------------- the console side

type HarnessProps = Omit<SchemaFormProps, 'value' | 'onChange' | 'serverErrors'> & {
  initial: Params
  changes: Params[]
  /** Sends the cleaned params to the service; its answer becomes the form's server errors. */
  check?: (params: Params) => Promise<ParamProblem[]>
}

/** The form as a checkout step holds it: the draft in state, the service's answer beside it. */
function Harness({ initial, changes, check, ...props }: HarnessProps) {
  const [value, setValue] = useState(initial)
  const [serverErrors, setServerErrors] = useState<ParamProblem[]>([])
  return (
    <>
      <SchemaForm
        {...props}
        value={value}
        serverErrors={serverErrors}
        onChange={(next) => {
          changes.push(next)
          setValue(next)
        }}
      />
      {check && (
        <button
          type="button"
          onClick={() => void check(cleanParams(props.schema, value)).then(setServerErrors)}
        >
          Estimate
        </button>
      )}
    </>
  )
}

const last = (changes: Params[]) => changes[changes.length - 1]

const selectedText = (label: RegExp) => {
  const select = screen.getByLabelText<HTMLSelectElement>(label)
  return select.options[select.selectedIndex]?.text
}

/** The text of what the control's `aria-describedby` points at. */
const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')

async function seriousViolations(container: HTMLElement) {
  // jsdom lays nothing out, so contrast is left to the Playwright journeys.
  const r = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)
}

const originalTz = process.env.TZ
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ
  else process.env.TZ = originalTz
})

// ----------------------------------------------------------------------------------------------- archive

describe('archive forms', () => {
  it('shows a product without options as its scene id, read-only, and the service accepts it', async () => {
    const c = await signedInConsole()
    const id = await productId(c, 'phr', 'phr-display')
    const schema = await formOf(c, id)
    const scene = await phrScene(c)
    const changes: Params[] = []
    const { container } = await renderWithConsole(
      <Harness
        schema={schema}
        initial={defaultsOf(schema, { id: scene.id })}
        changes={changes}
        readOnly={['id']}
      />,
      { console: c },
    )
    const input = await screen.findByLabelText<HTMLInputElement>(/Image ID/)
    expect(input.value).toBe(scene.id)
    expect(input).toHaveAttribute('readonly')
    expect(input).not.toBeDisabled()
    expect(describedBy(input)).toContain('The id of a catalog scene of this collection.')
    await userEvent.type(input, 'xyz')
    expect(input.value).toBe(scene.id)
    // Only the scene id: no submit button, no title, no other field.
    expect(container.querySelectorAll('input, select, textarea, button')).toHaveLength(1)
    expect(screen.queryByText(/PleiadesArchiveParams/)).toBeNull()

    const params = cleanParams(schema, defaultsOf(schema, { id: scene.id }))
    expect(params).toEqual({ id: scene.id })
    expect(validateParams(schema, params)).toEqual([])
    expect(await estimate(c, id, params, scene.aoi)).toEqual([])
    // Without the scene, the form and the service name the same field.
    expect(validateParams(schema, {})).toEqual([{ name: 'params.id', reason: 'is required' }])
    expect((await estimate(c, id, cleanParams(schema, {}), scene.aoi)).map((e) => e.name)).toContain(
      'params.id',
    )
    expect(await seriousViolations(container)).toEqual([])
  })

  it('offers an enumeration by its titles with the default chosen', async () => {
    const c = await signedInConsole()
    const id = await productId(c, 'phr', 'phr-analytic')
    const schema = await formOf(c, id)
    const scene = await phrScene(c)
    const changes: Params[] = []
    await renderWithConsole(
      <Harness
        schema={schema}
        initial={defaultsOf(schema, { id: scene.id })}
        changes={changes}
        readOnly={['id']}
      />,
      { console: c },
    )
    const select = await screen.findByLabelText<HTMLSelectElement>(/Processing level/)
    // Optional: the analyst may leave it to the service.
    expect(Array.from(select.options).map((o) => o.text)).toEqual([
      'Not specified',
      'Sensor (primary geometry)',
      'Orthorectified',
      'Top-of-atmosphere reflectance',
    ])
    expect(selectedText(/Processing level/)).toBe('Orthorectified')

    await userEvent.selectOptions(select, 'Sensor (primary geometry)')
    expect(last(changes)).toEqual({ id: scene.id, processingLevel: 'SENSOR' })
    expect(selectedText(/Processing level/)).toBe('Sensor (primary geometry)')
    expect(enumTitle(schema, 'processingLevel', last(changes).processingLevel)).toBe(
      'Sensor (primary geometry)',
    )
    expect(await estimate(c, id, cleanParams(schema, last(changes)), scene.aoi)).toEqual([])

    // A value the form does not offer is refused by both, on the same field.
    const wrong = { ...last(changes), processingLevel: 'RAW' }
    expect(validateParams(schema, wrong)).toEqual([
      {
        name: 'params.processingLevel',
        reason: 'must be one of: Sensor (primary geometry), Orthorectified, Top-of-atmosphere reflectance',
      },
    ])
    expect((await estimate(c, id, cleanParams(schema, wrong), scene.aoi)).map((e) => e.name)).toContain(
      'params.processingLevel',
    )
  })
})

// ----------------------------------------------------------------------------------------------- tasking

describe('the Pléiades tasking form', () => {
  async function open(extra: Partial<HarnessProps> = {}) {
    const c = await signedInConsole()
    const id = await productId(c, 'phr-tasking')
    const schema = await formOf(c, id)
    const changes: Params[] = []
    const initial = defaultsOf(schema, window(c))
    const rendered = await renderWithConsole(
      <Harness
        schema={schema}
        initial={initial}
        changes={changes}
        check={(params) => estimate(c, id, params, NAIROBI)}
        {...extra}
      />,
      { console: c },
    )
    await screen.findByLabelText(/Acquisition mode/)
    return { c, id, schema, changes, initial, ...rendered }
  }

  it('starts from the defaults, which the service accepts', async () => {
    const { c, id, schema, initial, container } = await open()
    expect(selectedText(/Acquisition mode/)).toBe('Mono')
    expect(selectedText(/Geometric processing/)).toBe('Orthorectified')
    expect(selectedText(/^Projection/)).toBe('WGS 84 (EPSG:4326)')
    expect(selectedText(/Pixel coding/)).toBe('12 bits')
    expect(screen.getByLabelText<HTMLInputElement>(/Maximum cloud coverage/).value).toBe('10')
    expect(screen.queryByLabelText(/base-to-height/)).toBeNull()
    // Geometry is the AOI toolkit's, never a typed field.
    expect(screen.queryByLabelText(/geometry$/i)).toBeNull()
    expect(validateParams(schema, initial)).toEqual([])
    expect(await estimate(c, id, cleanParams(schema, initial), NAIROBI)).toEqual([])
    expect(await seriousViolations(container)).toEqual([])
  })

  it('asks for the base-to-height ratios only for stereo, and requires them then', async () => {
    const { c, id, schema, changes } = await open({ showErrors: true })
    await userEvent.selectOptions(screen.getByLabelText(/Acquisition mode/), 'Stereo')
    expect(last(changes).acquisitionMode).toBe('stereo')
    const min = await screen.findByLabelText<HTMLInputElement>(/Minimum base-to-height ratio/)
    const max = screen.getByLabelText<HTMLInputElement>(/Maximum base-to-height ratio/)
    expect(min).toBeRequired()
    expect(describedBy(min)).toContain('From 0.2 to 0.8.')

    expect(validateParams(schema, last(changes))).toEqual([
      { name: 'params.minBH', reason: 'is required' },
      { name: 'params.maxBH', reason: 'is required' },
    ])
    expect(min).toHaveAttribute('aria-invalid', 'true')
    expect(describedBy(min)).toContain('is required')
    expect(
      (await estimate(c, id, cleanParams(schema, last(changes)), NAIROBI)).map((e) => e.name).sort(),
    ).toEqual(['params.maxBH', 'params.minBH'])

    await userEvent.type(min, '0.3')
    await userEvent.type(max, '0.6')
    expect(last(changes)).toMatchObject({ acquisitionMode: 'stereo', minBH: 0.3, maxBH: 0.6 })
    expect(min).not.toHaveAttribute('aria-invalid')
    expect(validateParams(schema, last(changes))).toEqual([])
    expect(await estimate(c, id, cleanParams(schema, last(changes)), NAIROBI)).toEqual([])

    // Back to mono: the ratios go, from the page and from the params.
    await userEvent.selectOptions(screen.getByLabelText(/Acquisition mode/), 'Mono')
    expect(screen.queryByLabelText(/base-to-height/)).toBeNull()
    expect(last(changes)).not.toHaveProperty('minBH')
    expect(last(changes)).not.toHaveProperty('maxBH')
  })

  it('drops the projection under primary geometry and brings its default back after', async () => {
    const { c, id, schema, changes } = await open()
    await userEvent.selectOptions(screen.getByLabelText(/^Projection/), 'Web Mercator (EPSG:3857)')
    expect(last(changes).projection).toBe('3857')

    await userEvent.selectOptions(screen.getByLabelText(/Geometric processing/), 'Primary (sensor geometry)')
    expect(screen.queryByLabelText(/^Projection/)).toBeNull()
    expect(last(changes)).not.toHaveProperty('projection')
    expect(await estimate(c, id, cleanParams(schema, last(changes)), NAIROBI)).toEqual([])
    // What the form keeps out, the service refuses, by name.
    expect(
      await estimate(c, id, { ...cleanParams(schema, last(changes)), projection: '3857' }, NAIROBI),
    ).toEqual([{ name: 'params.projection', reason: 'is not allowed with primary geometric processing' }])

    await userEvent.selectOptions(screen.getByLabelText(/Geometric processing/), 'Orthorectified')
    expect(selectedText(/^Projection/)).toBe('WGS 84 (EPSG:4326)')
    expect(last(changes).projection).toBe('4326')
  })

  it('says the bounds, judges typed numbers without clamping them, and shows what the service said', async () => {
    const { changes } = await open()
    const cloud = screen.getByLabelText<HTMLInputElement>(/Maximum cloud coverage/)
    expect(describedBy(cloud)).toContain('From 5 to 20.')
    await userEvent.clear(cloud)
    await userEvent.type(cloud, '30')
    await userEvent.tab()
    expect(cloud.value).toBe('30')
    expect(last(changes).cloudCoverage).toBe(30)
    // No live errors before the analyst tries to go on; the service's answer shows on the field.
    expect(cloud).not.toHaveAttribute('aria-invalid')
    await userEvent.click(screen.getByRole('button', { name: 'Estimate' }))
    await waitFor(() => expect(cloud).toHaveAttribute('aria-invalid', 'true'))
    expect(describedBy(cloud)).toContain('must be <= 20')
    // Editing the field retires the service's verdict on it.
    await userEvent.clear(cloud)
    await userEvent.type(cloud, '15')
    expect(cloud).not.toHaveAttribute('aria-invalid')
  })

  it('shows live problems in the form’s words once asked to', async () => {
    const { schema, changes } = await open({ showErrors: true })
    const cloud = screen.getByLabelText<HTMLInputElement>(/Maximum cloud coverage/)
    await userEvent.clear(cloud)
    await userEvent.type(cloud, '4')
    expect(cloud).toHaveAttribute('aria-invalid', 'true')
    expect(describedBy(cloud)).toContain('must be between 5 and 20')
    expect(validateParams(schema, last(changes))).toEqual([
      { name: 'params.cloudCoverage', reason: 'must be between 5 and 20' },
    ])
    const incidence = screen.getByLabelText<HTMLInputElement>(/Maximum incidence angle/)
    await userEvent.clear(incidence)
    expect(describedBy(incidence)).toContain('is required')
  })

  it('keeps date-times in UTC whatever the machine’s time zone', async () => {
    process.env.TZ = 'Asia/Kathmandu'
    const { changes, initial } = await open()
    const start = screen.getByLabelText<HTMLInputElement>(/Start of the acquisition window \(UTC\)/)
    // Not the browser's datetime-local, whose face is the locale's ("11/25/2026, 12:00 AM").
    expect(start.type).toBe('text')
    // The value shown is the UTC wall-clock time of the ISO string, the console's way.
    expect(start.value).toBe(isoToUtcText(initial.acquisitionStart))
    expect(start.value).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2} UTC$/)
    fireEvent.change(start, { target: { value: '1 Jul 2031 10:30 UTC' } })
    expect(last(changes).acquisitionStart).toBe('2031-07-01T10:30:00Z')
    fireEvent.blur(start)
    expect(start.value).toBe('1 Jul 2031 10:30 UTC')
  })

  it('says how to write a date-time that does not read as one, and holds no value meanwhile', async () => {
    const { changes } = await open()
    const start = screen.getByLabelText<HTMLInputElement>(/Start of the acquisition window \(UTC\)/)
    fireEvent.change(start, { target: { value: '11/25/2026, 12:00 AM' } })
    expect(last(changes).acquisitionStart).toBeUndefined()
    fireEvent.blur(start)
    // The text stays to be fixed, with the format beside it.
    expect(start.value).toBe('11/25/2026, 12:00 AM')
    expect(describedBy(start)).toContain('write it as 25 Nov 2026 14:30 UTC')
    fireEvent.change(start, { target: { value: '25 nov 2026 9:00' } })
    expect(last(changes).acquisitionStart).toBe('2026-11-25T09:00:00Z')
    fireEvent.blur(start)
    expect(start.value).toBe('25 Nov 2026 09:00 UTC')
  })

  it('picks the day on a calendar, keeping the time, by keyboard', async () => {
    const { changes } = await open()
    const user = userEvent.setup()
    const start = screen.getByLabelText<HTMLInputElement>(/Start of the acquisition window \(UTC\)/)
    fireEvent.change(start, { target: { value: '25 Nov 2026 14:30 UTC' } })
    fireEvent.blur(start)
    await user.click(
      screen.getByRole('button', { name: /Pick the day of “Start of the acquisition window”/ }),
    )
    const day = await screen.findByRole('button', { name: /25 November 2026/ })
    await waitFor(() => expect(day).toHaveFocus())
    await user.keyboard('{ArrowRight}{Enter}')
    expect(last(changes).acquisitionStart).toBe('2026-11-26T14:30:00Z')
    expect(start.value).toBe('26 Nov 2026 14:30 UTC')
  })

  it('can be disabled', async () => {
    await open({ disabled: true })
    expect(screen.getByLabelText(/Acquisition mode/)).toBeDisabled()
    expect(screen.getByLabelText(/Maximum cloud coverage/)).toBeDisabled()
  })
})

describe('other tasking forms', () => {
  it('orders Capella radar with its polarisation and looks, looks as strings', async () => {
    const c = await signedInConsole()
    const id = await productId(c, 'capella-tasking')
    const schema = await formOf(c, id)
    const changes: Params[] = []
    await renderWithConsole(
      <Harness schema={schema} initial={defaultsOf(schema, window(c))} changes={changes} />,
      {
        console: c,
      },
    )
    const looks = await screen.findByLabelText<HTMLSelectElement>(/Number of looks/)
    expect(Array.from(looks.options).map((o) => o.text)).toEqual([
      'Not specified',
      'Single look',
      'Two looks',
      'Four looks',
    ])
    expect(selectedText(/Number of looks/)).toBe('Single look')
    expect(selectedText(/Polarization/)).toBe('HH')
    expect(screen.queryByLabelText(/cloud coverage/)).toBeNull()
    expect(screen.getByLabelText(/Acquisition mode/)).toHaveTextContent('Sliding spotlight')

    await userEvent.selectOptions(looks, 'Four looks')
    await userEvent.selectOptions(screen.getByLabelText(/Polarization/), 'VV')
    expect(last(changes)).toMatchObject({ looks: '4', polarization: 'VV' })
    expect(await estimate(c, id, cleanParams(schema, last(changes)), NAIROBI)).toEqual([])

    // An optional enumeration can be left to the service.
    await userEvent.selectOptions(looks, 'Not specified')
    expect(cleanParams(schema, last(changes))).not.toHaveProperty('looks')
    expect(await estimate(c, id, cleanParams(schema, last(changes)), NAIROBI)).toEqual([])
  })

  it('orders BlackSky with its priority and its own cloud bounds', async () => {
    const c = await signedInConsole()
    const id = await productId(c, 'blacksky-tasking')
    const schema = await formOf(c, id)
    const changes: Params[] = []
    const { container } = await renderWithConsole(
      <Harness schema={schema} initial={defaultsOf(schema, window(c))} changes={changes} />,
      { console: c },
    )
    const cloud = await screen.findByLabelText<HTMLInputElement>(/Maximum cloud coverage/)
    expect(cloud.value).toBe('30')
    expect(describedBy(cloud)).toContain('From 30 to 100.')
    await userEvent.selectOptions(screen.getByLabelText(/Priority/), 'Rush (x2)')
    await userEvent.selectOptions(screen.getByLabelText(/Acquisition mode/), 'Burst')
    await userEvent.type(screen.getByLabelText(/Notes for the operator/), 'Morning pass please')
    expect(last(changes)).toMatchObject({
      priority: 'rush',
      acquisitionMode: 'burst',
      extraDescription: 'Morning pass please',
    })
    expect(enumTitle(schema, 'priority', 'rush')).toBe('Rush (x2)')
    expect(validateParams(schema, last(changes))).toEqual([])
    expect(await estimate(c, id, cleanParams(schema, last(changes)), NAIROBI)).toEqual([])
    expect(await seriousViolations(container)).toEqual([])
  })
})

// ------------------------------------------------------------------------------------------- conditionals

describe('standard conditionals', () => {
  it('renders the fields an if/then/else declares in its branches', async () => {
    // No simulated product has one; real-service forms may, and rjsf resolves them.
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        delivery: {
          title: 'Delivery',
          anyOf: [
            { const: 'bucket', title: 'Cloud bucket' },
            { const: 'mail', title: 'Hard drive by mail' },
          ],
          default: 'bucket',
        },
      },
      required: ['delivery'],
      if: { properties: { delivery: { const: 'bucket' } } },
      then: { properties: { bucket: { title: 'Bucket name', type: 'string' } }, required: ['bucket'] },
      else: { properties: { address: { title: 'Postal address', type: 'string' } } },
    }
    const changes: Params[] = []
    await renderWithConsole(
      <Harness schema={schema} initial={defaultsOf(schema)} changes={changes} showErrors />,
    )
    const bucket = await screen.findByLabelText(/Bucket name/)
    expect(bucket).toBeRequired()
    expect(screen.queryByLabelText(/Postal address/)).toBeNull()
    await userEvent.type(bucket, 'eo-drop')
    expect(validateParams(schema, last(changes))).toEqual([])

    await userEvent.selectOptions(screen.getByLabelText(/Delivery/), 'Hard drive by mail')
    expect(screen.queryByLabelText(/Bucket name/)).toBeNull()
    await userEvent.type(await screen.findByLabelText(/Postal address/), '1 Rue de la Paix')
    expect(cleanParams(schema, last(changes))).toEqual({ delivery: 'mail', address: '1 Rue de la Paix' })
  })
})

// ------------------------------------------------------------------------------------------------- page

describe('on a page', () => {
  it('gives each of several forms its own ids and names them', async () => {
    const c = await signedInConsole()
    const schema = await formOf(c, await productId(c, 'blacksky-tasking'))
    const initial = defaultsOf(schema, window(c))
    const { container } = await renderWithConsole(
      <>
        <Harness schema={schema} initial={initial} changes={[]} label="First order" />
        <Harness schema={schema} initial={initial} changes={[]} label="Second order" />
      </>,
      { console: c },
    )
    const first = await screen.findByRole('group', { name: 'First order' })
    const second = screen.getByRole('group', { name: 'Second order' })
    const ids = Array.from(container.querySelectorAll('[id]')).map((e) => e.id)
    expect(new Set(ids).size).toBe(ids.length)
    await userEvent.selectOptions(within(second).getByLabelText(/Priority/), 'Priority (x1.5)')
    expect(within(first).getByLabelText<HTMLSelectElement>(/Priority/).value).not.toBe(
      within(second).getByLabelText<HTMLSelectElement>(/Priority/).value,
    )
    await act(async () => {
      expect(await seriousViolations(container)).toEqual([])
    })
  })

  it('never shows or asks for geometry, which the AOI toolkit fills', async () => {
    // The real service's archive forms carry the AOI in the params schema; v2 sends it in featureCollection.
    const schema: JsonSchema = {
      type: 'object',
      definitions: {
        Polygon: { type: 'object', properties: { type: { const: 'Polygon' }, coordinates: {} } },
      },
      properties: {
        id: { title: 'Id', type: 'string' },
        aoi: { title: 'Area of interest', allOf: [{ $ref: '#/definitions/Polygon' }] },
      },
      required: ['id', 'aoi'],
      additionalProperties: false,
    }
    const { container } = await renderWithConsole(
      <Harness schema={schema} initial={{ id: 'DS_PHR1A_1' }} changes={[]} readOnly={['id']} showErrors />,
    )
    await screen.findByLabelText(/^Id/)
    expect(screen.queryByText(/Area of interest/)).toBeNull()
    expect(container.querySelectorAll('input, select, textarea')).toHaveLength(1)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(validateParams(schema, { id: 'DS_PHR1A_1' })).toEqual([])
    expect(cleanParams(schema, { id: 'DS_PHR1A_1', aoi: NAIROBI })).toEqual({ id: 'DS_PHR1A_1' })
  })

  it('shows service errors on fields it does not show above the form', async () => {
    const c = await signedInConsole()
    const schema = await formOf(c, await productId(c, 'phr-tasking'))
    await renderWithConsole(
      <SchemaForm
        schema={schema}
        value={defaultsOf(schema, window(c))}
        onChange={() => undefined}
        omit={['extraDescription']}
        serverErrors={[
          { name: 'params.acquisitionEnd', reason: 'must be after acquisitionStart' },
          { name: 'params.extraDescription', reason: 'is too long' },
          { name: 'featureCollection', reason: 'is not for the form' },
        ]}
      />,
      { console: c },
    )
    const end = await screen.findByLabelText(/End of the acquisition window/, { selector: 'input' })
    expect(describedBy(end)).toContain('must be after acquisitionStart')
    expect(screen.queryByLabelText(/Notes for the operator/)).toBeNull()
    expect(screen.getByText('Notes for the operator is too long')).toBeInTheDocument()
    expect(screen.queryByText(/is not for the form/)).toBeNull()
  })
})
