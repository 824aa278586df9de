/**
 * The contract's rules for what an analyst types about an order — its display name (1–200 characters) and
 * its tags (at most 30, letters, digits, spaces and `. _ - / :`) — in plain sentences, for every form that
 * sends them: the checkout, the order page's edit and the orders filter.
 */

export const TAG_PATTERN = /^[A-Za-z0-9 ._\-/:]+$/
export const MAX_TAGS = 30
export const MAX_NAME = 200

/** What is wrong with a tag; null when the service accepts it. */
export function tagProblem(tag: string): string | null {
  if (tag.trim() === '') return 'A tag cannot be empty.'
  if (!TAG_PATTERN.test(tag))
    return `“${tag}” has characters a tag cannot hold: use letters, digits, spaces and . _ - / : only.`
  return null
}

/** The first problem of a list of tags; null when each is one the service accepts. */
export function tagsProblem(tags: readonly string[]): string | null {
  for (const t of tags) {
    const p = tagProblem(t)
    if (p) return p
  }
  return null
}

/** What is wrong with a display name (sent trimmed); null when the service accepts it. */
export function nameProblem(name: string): string | null {
  const trimmed = name.trim()
  if (trimmed === '') return 'Give the order a name.'
  if (trimmed.length > MAX_NAME) return `At most ${MAX_NAME} characters (${trimmed.length} now).`
  return null
}
