import type { CSSProperties } from 'react'
import classes from './dot-badge.module.css'

/**
 * A coloured dot and a name, drawn as Mantine's `<Badge variant="dot">` is but in two plain elements: for the
 * rows of a long list, where rows drawn while scrolling each resolved a Badge's styles. Elsewhere the console
 * uses the Badge itself. `color` is a theme colour's name ("teal"). Sentence case and never cut, as the
 * theme's Badge (app/theme.ts).
 */
export function DotBadge({
  color,
  size = 'md',
  title,
  children,
}: {
  color: string
  size?: 'sm' | 'md'
  title?: string
  children: string
}) {
  return (
    <span
      className={classes.root}
      data-badge=""
      data-size={size}
      title={title}
      style={{ '--dot-badge-color': `var(--mantine-color-${color}-filled)` } as CSSProperties}
    >
      <span className={classes.label}>{children}</span>
    </span>
  )
}
