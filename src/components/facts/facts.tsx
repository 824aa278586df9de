import type { ReactNode } from 'react'
import classes from './facts.module.css'

/**
 * Facts as a description list (`<dl>`), one name and value per row. Pages with a look of their own pass
 * their class; the default is `facts.module.css`.
 */
export function Facts({
  rows,
  label,
  className = classes.facts,
}: {
  rows: [string, ReactNode][]
  /** Names the list when the page holds several. */
  label?: string
  className?: string
}) {
  return (
    <dl className={className} aria-label={label}>
      {rows.map(([k, v]) => (
        <div key={k} style={{ display: 'contents' }}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  )
}
