import { Text } from '@mantine/core'
import classes from './orders.module.css'

export interface ListedStep {
  key: string
  label: string
  /** Styles the dot (`data-state`). */
  state: string
  current: boolean
  /** The state in words, and anything after it ("done, 2 Nov 2026 10:31 UTC"). */
  words: string
}

/**
 * Steps as an ordered list: each with a dot and its state in words (never colour alone), the current one
 * marked `aria-current="step"`. The lifecycle and the tasking steps both read this way.
 */
export function StepList({ label, steps }: { label: string; steps: ListedStep[] }) {
  return (
    <ol className={classes.timeline} aria-label={label}>
      {steps.map((s) => (
        <li
          key={s.key}
          className={classes.step}
          data-state={s.state}
          data-current={s.current || undefined}
          aria-current={s.current ? 'step' : undefined}
        >
          <span className={classes.dot} aria-hidden="true" />
          {s.label}
          <Text span size="xs" c="dimmed">
            {' — '}
            {s.words}
          </Text>
        </li>
      ))}
    </ol>
  )
}
