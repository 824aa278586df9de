/** Wording shared by every list of the console. */

/** "1 collection", "1,204 collections". */
export function countLabel(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? singular : plural}`
}

/** Credits: whole numbers with thousands separators. */
export const formatCredits = (n: number): string => n.toLocaleString('en-US')
