import '@mantine/core/styles/FloatingIndicator.css'
import '@mantine/core/styles/SegmentedControl.css'
import './mantine-styles-plan'
import {
  Alert,
  Button,
  CloseButton,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { useId } from 'react'
import { countLabel, formatArea, formatCredits, formatUtcDay } from '../../../lib/format'
import type { PlanGoal } from '../coverage-plan'
import { PLAN_COLORS } from '../map-layers'
import type { Collection } from '../../../data/orders/scene-line'
import type { useCoveragePlan } from '../use-coverage-plan'
import { usePlanPrices } from '../use-plan-prices'
import { formatCloud, sceneTime } from '../words'
import classes from './catalog.module.css'

const GOALS: { value: PlanGoal; label: string }[] = [
  { value: 'price', label: 'Price' },
  { value: 'cloud', label: 'Cloud' },
  { value: 'age', label: 'Age' },
  { value: 'count', label: 'Scenes' },
]

const percent = (share: number) => `${(Math.floor(share * 1000) / 10).toFixed(1)} %`

/**
 * "Plan coverage": which of the results cover the AOI to a share for the least price, cloud, age or number
 * of scenes; the set, each scene's share and the total estimate, and one action to put it in the basket.
 */
export function CoveragePlanPanel({
  planner,
  collections,
  hostTitles,
  onAddToBasket,
  onClose,
}: {
  planner: ReturnType<typeof useCoveragePlan>
  /** The glossary's collections: their products are what the scenes are priced with. */
  collections: readonly Collection[] | undefined
  hostTitles: ReadonlyMap<string, string>
  onAddToBasket: () => void
  onClose: () => void
}) {
  const titleId = useId()
  const { settings, setSettings, plan } = planner
  const prices = usePlanPrices(planner.candidates, collections, planner.scenes)
  const pricesWait = settings.goal === 'price' && prices.pricing > 0
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={titleId} className={classes.plan}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h6" id={titleId}>
            Plan coverage
          </Title>
          <CloseButton size="sm" aria-label="Close the coverage plan" onClick={onClose} />
        </Group>
        <Text size="xs" c="dimmed">
          {planner.candidates.length === 1
            ? 'Checks whether this one result over the area covers the share you ask for, and at what price.'
            : `Chooses scenes among these ${countLabel(planner.candidates.length, 'result')} over the area that together cover the share you ask for at the least of what you pick.`}
        </Text>
        <div>
          <Text size="sm" fw={500} id={`${titleId}-goal`}>
            Least
          </Text>
          <SegmentedControl
            size="xs"
            fullWidth
            aria-labelledby={`${titleId}-goal`}
            value={settings.goal}
            onChange={(v) => setSettings({ ...settings, goal: v })}
            data={GOALS}
          />
        </div>
        <Group grow gap="xs" align="flex-start">
          <NumberInput
            size="xs"
            label="Cover at least (%)"
            min={1}
            max={100}
            clampBehavior="strict"
            allowDecimal={false}
            value={settings.targetPercent}
            onChange={(v) =>
              setSettings({ ...settings, targetPercent: typeof v === 'number' && v > 0 ? v : 95 })
            }
          />
          <NumberInput
            size="xs"
            label="Cloud at most (%)"
            placeholder="No limit"
            min={0}
            max={100}
            clampBehavior="strict"
            allowDecimal={false}
            value={settings.maxCloud ?? ''}
            onChange={(v) => setSettings({ ...settings, maxCloud: typeof v === 'number' ? v : null })}
          />
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            onClick={() => void planner.run(prices)}
            loading={planner.planning}
            disabled={planner.candidates.length === 0}
          >
            {plan ? 'Plan again' : 'Plan'}
          </Button>
          <Text size="xs" c="dimmed" role="status">
            {pricesWait
              ? prices.priced === 1
                ? 'Asking the price of the scene…'
                : `Asking the prices of the ${countLabel(prices.priced, 'scene')} that cover most (${prices.pricing} to come)…`
              : planner.outdated
                ? 'The settings changed: plan again to follow them.'
                : ''}
          </Text>
        </Group>
        {planner.error && (
          <Alert color="red" role="alert" p="xs">
            <Text size="sm">{planner.error}</Text>
          </Alert>
        )}
        {planner.candidates.length === 0 && (
          <Text size="sm">None of these results overlaps the area: search again with other filters.</Text>
        )}
        {plan && (
          <PlanResult
            planner={planner}
            prices={prices}
            hostTitles={hostTitles}
            onAddToBasket={onAddToBasket}
          />
        )}
      </Stack>
    </Paper>
  )
}

function PlanResult({
  planner,
  prices,
  hostTitles,
  onAddToBasket,
}: {
  planner: ReturnType<typeof useCoveragePlan>
  prices: ReturnType<typeof usePlanPrices>
  hostTitles: ReadonlyMap<string, string>
  onAddToBasket: () => void
}) {
  const plan = planner.plan
  if (!plan) return null
  const n = plan.scenes.length
  const excluded = plan.excluded.cloud
  // The service's estimates of the plan's lines (each scene over its part) once they are in; the plan's own
  // figures from the scenes' estimates until then.
  const creditsOf = (i: number): number | null => {
    const e = prices.lineEstimate(i)
    return e?.kind === 'credits' ? e.credits : (plan.scenes[i]?.price ?? null)
  }
  const pricingLines = plan.scenes.some((_, i) => prices.lineEstimate(i)?.kind === 'loading')
  const known = plan.scenes.map((_, i) => creditsOf(i))
  const unknown = known.filter((c) => c === null).length
  const total = prices.linesTotal ?? (unknown === 0 ? known.reduce<number>((t, c) => t + (c ?? 0), 0) : null)
  return (
    <Stack gap={6} aria-live="polite">
      {plan.reached ? (
        <Text size="sm" fw={600}>
          {countLabel(n, 'scene')} {n === 1 ? 'covers' : 'cover'} {percent(plan.coverage)} of the area (
          {formatArea(plan.coverage * plan.aoiKm2)} of {formatArea(plan.aoiKm2)}).
        </Text>
      ) : (
        <Alert color="yellow" p="xs" title="The share asked for cannot be reached">
          <Text size="sm">
            {n === 0
              ? 'No scene within the limits covers any of the area.'
              : `The best these results give is ${percent(plan.coverage)} with ${countLabel(n, 'scene')}.`}{' '}
            Search more hosts or dates, or loosen the cloud limit.
          </Text>
        </Alert>
      )}
      <Text size="sm">
        Estimate:{' '}
        {pricingLines
          ? 'pricing each scene’s part…'
          : total !== null
            ? `${formatCredits(total)} credits`
            : unknown === n
              ? 'priced in the checkout'
              : `${formatCredits(known.reduce<number>((t, c) => t + (c ?? 0), 0))} credits for ${countLabel(n - unknown, 'scene')}, ${unknown} priced in the checkout`}
      </Text>
      {n > 1 && plan.scenes.some((s) => s.part) && (
        <Text size="xs" c="dimmed">
          Each scene is ordered over its own part of the area only, so no overlap is paid twice.
        </Text>
      )}
      {excluded > 0 && (
        <Text size="xs" c="dimmed">
          {countLabel(excluded, 'scene')} over the cloud limit left out.
        </Text>
      )}
      <ul className={classes.planLegend} aria-label="On the map">
        <li>
          <span className={classes.planSwatch} style={{ background: PLAN_COLORS.covered }} /> Covered
        </li>
        <li>
          <span className={classes.planSwatch} style={{ background: PLAN_COLORS.uncovered }} /> Left uncovered
        </li>
        <li>
          <span className={classes.planSwatch} style={{ borderColor: PLAN_COLORS.scenes }} data-outline />{' '}
          Chosen footprints
        </li>
      </ul>
      {n > 0 && (
        <>
          <Table fz="xs" verticalSpacing={2} horizontalSpacing={4} aria-label="Scenes of the plan">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Scene</Table.Th>
                <Table.Th>Acquired</Table.Th>
                <Table.Th ta="right">Cloud</Table.Th>
                <Table.Th ta="right">Adds</Table.Th>
                <Table.Th ta="right">Credits</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {plan.scenes.map((s, i) => {
                const row = planner.chosen[i]
                const p = row?.scene.properties
                return (
                  <Table.Tr key={s.id}>
                    <Table.Td className={classes.planScene}>
                      <Text size="xs" span title={p?.id}>
                        {p?.id ?? s.id}
                      </Text>
                      {row && (
                        <Text size="xs" c="dimmed" span>
                          {' '}
                          · {hostTitles.get(row.host) ?? row.host}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{row ? formatUtcDay(sceneTime(row.scene)) : '—'}</Table.Td>
                    <Table.Td ta="right">{formatCloud(p?.cloudCoverage)}</Table.Td>
                    <Table.Td ta="right">{percent(s.share)}</Table.Td>
                    <Table.Td ta="right">
                      {known[i] !== null ? formatCredits(known[i]) : 'In checkout'}
                    </Table.Td>
                  </Table.Tr>
                )
              })}
            </Table.Tbody>
          </Table>
          <Button size="xs" variant="default" onClick={onAddToBasket}>
            {n === 1 ? 'Put this scene in the basket' : `Put these ${countLabel(n, 'scene')} in the basket`}
          </Button>
        </>
      )}
    </Stack>
  )
}
