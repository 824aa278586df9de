import classes from './usage-bar.module.css'

/**
 * Used against allocated credits as a bar: a meter (the share used), not a progress bar (nothing is loading).
 * Its own few lines rather than Mantine's Progress, which the shell also uses: sharing it would split it out
 * of the shell's chunk into one more file on every page's first load.
 */
export function UsageBar({
  share,
  tone,
  label,
}: {
  share: number
  tone: 'normal' | 'high' | 'over'
  label: string
}) {
  const percent = Math.round(share * 100)
  return (
    <div
      className={classes.track}
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}% used`}
    >
      <div className={`${classes.fill} ${classes[tone]}`} style={{ width: `${percent}%` }} />
    </div>
  )
}
