/**
 * Where a key moves the focus in a list of `count` rows from row `here`; null for a key that does not move.
 * The arrows move a row, Page Up/Down a screen (`perPage` rows), Ctrl+Home/End to the ends.
 */
export function keyTarget(
  key: string,
  ctrl: boolean,
  here: number,
  count: number,
  perPage = 8,
): number | null {
  const to =
    key === 'ArrowDown'
      ? here + 1
      : key === 'ArrowUp'
        ? here - 1
        : key === 'PageDown'
          ? here + perPage
          : key === 'PageUp'
            ? here - perPage
            : key === 'Home' && ctrl
              ? 0
              : key === 'End' && ctrl
                ? count - 1
                : null
  return to === null ? null : Math.max(0, Math.min(count - 1, to))
}
