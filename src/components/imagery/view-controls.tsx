import '@mantine/core/styles/FloatingIndicator.css'
import '@mantine/core/styles/SegmentedControl.css'
import '@mantine/core/styles/Slider.css'
import { Button, Group, RangeSlider, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { bandNamesFor, tryParse } from '../../lib/imagery/formula'
import type { Node } from '../../lib/imagery/formula'
import {
  channelNames,
  formulaPresetsFor,
  rampGradient,
  type ImageView,
  type Limits,
} from '../../lib/imagery/view'
import '@mantine/core/styles/InlineInput.css'
import '@mantine/core/styles/Switch.css'

interface Props {
  view: ImageView
  setView: (v: ImageView) => void
  /** Bands of the page's image (4 or 5 optical, 1 or 2 radar). */
  bands: number
  analysed: {
    node: Node | null
    limits: Limits[]
    histograms: { range: Limits; counts: number[] }[]
  } | null
}

const fmt = (v: number) =>
  Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 1 ? v.toFixed(2) : v.toFixed(3)

/**
 * How the page's image is looked at: its stretch (2–98 % by default, min–max, or limits dragged on each
 * channel's histogram) and a band maths formula over the band names, with presets, a colour ramp and its
 * legend; a formula that does not parse says where.
 */
export function ViewControls({ view, setView, bands, analysed }: Props) {
  const names = bandNamesFor(bands)
  const channels = channelNames(bands, view)
  return (
    <Stack gap="sm">
      <Switch
        label="Band maths formula"
        checked={view.formula !== null}
        onChange={(e) =>
          setView({
            ...view,
            formula: e.currentTarget.checked ? (formulaPresetsFor(names)[0]?.formula ?? names[0]) : null,
            stretch: { kind: 'percentile' },
          })
        }
      />
      {view.formula !== null && (
        <FormulaField
          // A new formula from outside (a preset, the URL) starts the field over.
          key={view.formula}
          formula={view.formula}
          bands={names}
          onApply={(formula) => setView({ ...view, formula, stretch: { kind: 'percentile' } })}
        />
      )}
      <Stack gap={4}>
        <Text size="sm" fw={500} id="stretch-label">
          Stretch
        </Text>
        <SegmentedControl
          aria-labelledby="stretch-label"
          size="xs"
          value={view.stretch.kind}
          onChange={(kind) =>
            setView({
              ...view,
              stretch:
                kind === 'custom' ? { kind: 'custom', limits: analysed?.limits ?? [] } : { kind: kind },
            })
          }
          data={[
            { value: 'percentile', label: '2–98 %' },
            { value: 'minmax', label: 'Min–max' },
            { value: 'custom', label: 'Custom' },
          ]}
        />
      </Stack>
      {analysed &&
        analysed.histograms.map((h, i) => (
          <Histogram
            key={`${channels[i]}-${i}`}
            name={channels[i] ?? `Channel ${i + 1}`}
            histogram={h}
            limits={analysed.limits[i]}
            onLimits={(l) => {
              const limits = analysed.limits.map((x, k) => (k === i ? l : x))
              setView({ ...view, stretch: { kind: 'custom', limits } })
            }}
          />
        ))}
      {view.formula === null && channels[0] === 'Backscatter (dB)' && analysed?.limits[0] && (
        <Stack
          gap={2}
          role="img"
          aria-label={`Legend: Backscatter, sigma nought, from ${fmt(analysed.limits[0][0])} dB to ${fmt(analysed.limits[0][1])} dB`}
        >
          <Text size="xs">Backscatter, sigma nought (stretched on this image&apos;s histogram)</Text>
          <div style={{ height: 10, borderRadius: 2, background: 'linear-gradient(to right, #000, #fff)' }} />
          <Group justify="space-between">
            <Text size="xs">{fmt(analysed.limits[0][0])} dB</Text>
            <Text size="xs">{fmt(analysed.limits[0][1])} dB</Text>
          </Group>
        </Stack>
      )}
      {view.formula !== null && analysed?.node && analysed.limits[0] && (
        <Stack
          gap={2}
          role="img"
          aria-label={`Legend: ${view.formula}, from ${fmt(analysed.limits[0][0])} to ${fmt(analysed.limits[0][1])}`}
        >
          <Text size="xs">{view.formula}</Text>
          <div style={{ height: 10, borderRadius: 2, background: rampGradient() }} />
          <Group justify="space-between">
            <Text size="xs">{fmt(analysed.limits[0][0])}</Text>
            <Text size="xs">{fmt(analysed.limits[0][1])}</Text>
          </Group>
        </Stack>
      )}
    </Stack>
  )
}

/** A band maths formula typed over the image's bands, with presets; a formula that does not parse says where. */
export function FormulaField({
  formula,
  bands,
  onApply,
  applyLabel = 'Draw the formula',
}: {
  formula: string
  bands: string[]
  onApply: (f: string) => void
  /** The button's words (the change review compares the formula rather than drawing it). */
  applyLabel?: string
}) {
  const [draft, setDraft] = useState(formula)
  const parsed = tryParse(draft, bands)
  const error = 'error' in parsed ? parsed.error : null
  const apply = () => {
    if (!error) onApply(draft.trim())
  }
  return (
    <Stack gap={6}>
      <Group gap={6}>
        {/* Only the presets whose bands the image has: NDBI needs SWIR, the radar ratio VV and VH. */}
        {formulaPresetsFor(bands).map((p) => (
          <Button
            key={p.name}
            size="compact-xs"
            variant="default"
            title={`${p.name}: ${p.says}`}
            onClick={() => onApply(p.formula)}
          >
            {p.name}
          </Button>
        ))}
      </Group>
      <TextInput
        label="Formula"
        description={`Bands: ${bands.join(', ')}; + − * / ^, ( ), abs, sqrt, log10, ln, exp, min, max. Enter draws it.`}
        value={draft}
        spellCheck={false}
        autoComplete="off"
        styles={{ input: { fontFamily: 'monospace' } }}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply()
        }}
        error={
          error ? (
            <span>
              {error.message}
              <br />
              <code style={{ whiteSpace: 'pre' }}>
                {draft}
                {'\n'}
                {' '.repeat(error.at)}^
              </code>
            </span>
          ) : undefined
        }
      />
      <Group>
        <Button size="xs" onClick={apply} disabled={error !== null || draft.trim() === formula}>
          {applyLabel}
        </Button>
      </Group>
    </Stack>
  )
}

/** A channel's histogram with its two limits, dragged (or moved with the arrow keys) on a range slider under it. */
function Histogram({
  name,
  histogram,
  limits,
  onLimits,
}: {
  name: string
  histogram: { range: Limits; counts: number[] }
  limits: Limits
  onLimits: (l: Limits) => void
}) {
  const [lo, hi] = histogram.range
  const top = Math.max(1, ...histogram.counts)
  const step = (hi - lo) / 200
  const [dragged, setDragged] = useState<Limits | null>(null)
  const shown = dragged ?? [clampTo(limits[0], lo, hi), clampTo(limits[1], lo, hi)]
  const n = histogram.counts.length
  return (
    <Stack gap={2}>
      <Group justify="space-between">
        <Text size="xs" fw={500}>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {fmt(shown[0])} to {fmt(shown[1])}
        </Text>
      </Group>
      <svg viewBox={`0 0 ${n} 40`} preserveAspectRatio="none" width="100%" height="40" aria-hidden="true">
        <rect
          x={((shown[0] - lo) / (hi - lo)) * n}
          width={Math.max(0, ((shown[1] - shown[0]) / (hi - lo)) * n)}
          y={0}
          height={40}
          fill="var(--mantine-color-blue-light)"
        />
        {histogram.counts.map((c, i) => (
          <rect
            key={i}
            x={i + 0.1}
            width={0.8}
            y={40 - (c / top) * 40}
            height={(c / top) * 40}
            fill="var(--mantine-color-text)"
            opacity={0.6}
          />
        ))}
      </svg>
      <RangeSlider
        size="sm"
        min={lo}
        max={hi}
        step={step > 0 ? step : 1}
        minRange={step > 0 ? step : 1}
        value={shown}
        label={fmt}
        thumbFromLabel={`${name}: lower limit`}
        thumbToLabel={`${name}: upper limit`}
        onChange={(v) => setDragged(v)}
        onChangeEnd={(v) => {
          setDragged(null)
          onLimits(v)
        }}
      />
    </Stack>
  )
}

const clampTo = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))
