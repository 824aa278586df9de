import '@mantine/core/styles/FloatingIndicator.css'
import '@mantine/core/styles/SegmentedControl.css'
import '@mantine/core/styles/Slider.css'
import { Group, NativeSelect, SegmentedControl, Slider, Stack, Text } from '@mantine/core'
import { useId, useState } from 'react'
import { ImageryControls } from '../../../components/imagery/imagery-controls'
import { FormulaField } from '../../../components/imagery/view-controls'
import { Section } from '../../../components/page-section'
import { bandNamesFor } from '../../../lib/imagery/formula'
import { divergingGradient } from '../../../lib/imagery/change'
import { formatArea } from '../../../lib/format'
import { defaultFormula, unitOf, type ChangeReview } from '../use-change-review'
import type { ChangeView } from '../url-state'
import { fmt, signed } from '../words'
import classes from './change-review.module.css'

const BAND_LABELS: Record<string, string> = {
  red: 'Red',
  green: 'Green',
  blue: 'Blue',
  nir: 'Near infrared',
  amp: 'Backscatter',
}

/**
 * How the pair is looked at: swiped, or their difference (of a band or a formula) through a diverging ramp
 * with its legend; and the threshold past which a pixel counts as changed, with the area that did.
 */
export function ChangeControls({
  review,
  view,
  setView,
  bindChangeReadout,
}: {
  review: ChangeReview
  view: ChangeView
  setView: (v: ChangeView) => void
  bindChangeReadout: (el: HTMLOutputElement | null) => void
}) {
  const { imagery, bands, of } = review
  const { images: _images, onCursor: _onCursor, ...controls } = imagery
  const showLabel = useId()
  return (
    <>
      <Section id="change-view" title="View">
        <Stack gap="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500} id={showLabel}>
              Show
            </Text>
            <SegmentedControl
              aria-labelledby={showLabel}
              size="xs"
              value={view.shown}
              onChange={(v) => setView({ ...view, shown: v === 'difference' ? 'difference' : 'swipe' })}
              data={[
                { value: 'swipe', label: 'Swipe' },
                { value: 'difference', label: 'Difference' },
              ]}
            />
          </Stack>
          {view.shown === 'swipe' ? (
            <>
              <ImageryControls {...controls} none="Neither delivery has a GeoTIFF to draw." />
              {imagery.drawn === 2 && (
                <Text size="xs" c="dimmed">
                  Drag the line on the map, or focus its handle and use ← →, to swipe between before and
                  after.
                </Text>
              )}
            </>
          ) : bands === null ? (
            imagery.status === 'error' ? (
              <ImageryControls {...controls} />
            ) : (
              <Text size="sm" role="status">
                Reading the two images…
              </Text>
            )
          ) : bands < 0 ? (
            <Text size="sm">
              One delivery is radar and the other optical: the difference of their values means nothing. Swipe
              between them instead.
            </Text>
          ) : review.apart ? (
            <Text size="sm">
              These two deliveries share no part of the map: there is nothing to subtract.
            </Text>
          ) : (
            of && (
              <DifferenceOf
                review={review}
                bands={bands}
                of={of}
                view={view}
                setView={setView}
                bindChangeReadout={bindChangeReadout}
              />
            )
          )}
        </Stack>
      </Section>
      {review.changed && review.limit !== null && review.threshold !== null && (
        <ChangedArea
          // A new comparison (another band, formula or pair) starts its slider at its own threshold.
          key={`${of}:${review.formula}:${review.limit}`}
          review={review as ChangeReview & { changed: NonNullable<ChangeReview['changed']> }}
          limit={review.limit}
          threshold={review.threshold}
          onThreshold={(t) => setView({ ...view, threshold: t })}
          unit={bands !== null && of ? unitOf(bands, of) : ''}
        />
      )}
    </>
  )
}

function DifferenceOf({
  review,
  bands,
  of,
  view,
  setView,
  bindChangeReadout,
}: {
  review: ChangeReview
  bands: number
  of: string
  view: ChangeView
  setView: (v: ChangeView) => void
  bindChangeReadout: (el: HTMLOutputElement | null) => void
}) {
  const names = bandNamesFor(bands)
  const what = of === 'formula' ? (review.formula ?? '') : (BAND_LABELS[of] ?? of)
  const unit = unitOf(bands, of)
  const limit = review.limit
  return (
    <Stack gap="sm">
      <NativeSelect
        size="xs"
        label="Difference of"
        value={of}
        onChange={(e) => setView({ ...view, of: e.currentTarget.value, threshold: null })}
        data={[
          ...names.map((n) => ({ value: n, label: BAND_LABELS[n] ?? n })),
          { value: 'formula', label: 'A band maths formula' },
        ]}
      />
      {of === 'formula' && (
        <FormulaField
          // A formula from outside (the URL, a preset) starts the field over.
          key={review.formula ?? ''}
          formula={review.formula ?? defaultFormula(bands)}
          bands={names}
          applyLabel="Compare by this formula"
          onApply={(formula) => setView({ ...view, of: 'formula', formula, threshold: null })}
        />
      )}
      {review.formulaError && (
        <Text size="sm" c="red">
          The formula in the link cannot be used: {review.formulaError.message}.
        </Text>
      )}
      {limit !== null && (
        <Stack
          gap={2}
          role="img"
          aria-label={`Legend: change in ${what}${unit}, after minus before, from ${signed(-limit)} (lower after) through no change to ${signed(limit)} (higher after)`}
        >
          <Text size="xs">
            Change in {what}
            {unit}, after minus before
          </Text>
          <div className={classes.ramp} style={{ background: divergingGradient() }} />
          <Group justify="space-between" wrap="nowrap">
            <Text size="xs">{signed(-limit)} lower</Text>
            <Text size="xs">no change</Text>
            <Text size="xs">{signed(limit)} higher</Text>
          </Group>
        </Stack>
      )}
      {limit !== null && (
        <Text size="xs">
          Under the pointer: <output ref={bindChangeReadout} aria-label="Change under the pointer" />
        </Text>
      )}
    </Stack>
  )
}

function ChangedArea({
  review,
  limit,
  threshold,
  onThreshold,
  unit,
}: {
  review: ChangeReview & { changed: NonNullable<ChangeReview['changed']> }
  limit: number
  threshold: number
  onThreshold: (t: number) => void
  unit: string
}) {
  // The thumb follows the pointer; the outline is worked out again when it is let go.
  const [dragged, setDragged] = useState(threshold)
  const step = Number((limit / 50).toPrecision(2))
  const label = useId()
  const { changed } = review
  return (
    <Section id="change-area" title="What changed">
      <Stack gap="xs">
        <Text size="sm" id={label}>
          Changed by at least ±{fmt(dragged)}
          {unit}
        </Text>
        <Slider
          aria-labelledby={label}
          thumbLabel="Change threshold"
          min={step}
          max={Number((limit * 2).toPrecision(3))}
          step={step}
          value={dragged}
          onChange={setDragged}
          onChangeEnd={(v) => onThreshold(Number(v.toPrecision(3)))}
          label={(v) => `±${fmt(v)}`}
        />
        <Text size="sm" aria-live="polite" data-testid="changed-area" data-km2={changed.areaKm2.toFixed(4)}>
          {changed.regions === 0
            ? 'Nothing changed by that much (areas of fewer than 6 pixels are left out).'
            : `${formatArea(changed.areaKm2)} changed, in ${changed.regions.toLocaleString('en-GB')} ${changed.regions === 1 ? 'area' : 'areas'} (${(changed.share * 100).toFixed(1)} % of the area both cover), outlined on the map.`}
        </Text>
      </Stack>
    </Section>
  )
}
