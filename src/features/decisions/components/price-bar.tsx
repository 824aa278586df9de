import { Alert, Text } from '@mantine/core'
import { formatCredits } from '../../../lib/format'
import classes from './tasking.module.css'

/**
 * The price against what a budget has left, as two bars on one scale with their numbers beside them; the
 * bars are decoration (hidden from screen readers), the numbers and the sentence carry the meaning.
 */
export function PriceBar({
  price,
  budgetName,
  remaining,
}: {
  price: number
  budgetName: string
  remaining: number
}) {
  const scale = Math.max(price, remaining, 1)
  const over = price > remaining
  const left = Math.max(0, remaining)
  return (
    <>
      <div className={classes.bars}>
        <span>Price</span>
        <div className={classes.track} aria-hidden="true">
          <div
            className={`${classes.fill} ${over ? classes.fillOver : classes.fillPrice}`}
            style={{ width: `${(price / scale) * 100}%` }}
          />
        </div>
        <span>{formatCredits(price)} credits</span>
        <span>Left in the budget</span>
        <div className={classes.track} aria-hidden="true">
          <div
            className={`${classes.fill} ${classes.fillRemaining}`}
            style={{ width: `${(left / scale) * 100}%` }}
          />
        </div>
        <span>{formatCredits(remaining)} credits</span>
      </div>
      {over ? (
        <Alert color="yellow" title="More than this budget has left">
          <Text size="sm">
            The price is {formatCredits(price)} credits; “{budgetName}” has {formatCredits(remaining)} left.
            The budget would go over by {formatCredits(price - remaining)} credits.
          </Text>
        </Alert>
      ) : (
        <Text size="sm">
          After accepting, “{budgetName}” would have {formatCredits(remaining - price)} credits left.
        </Text>
      )}
    </>
  )
}
