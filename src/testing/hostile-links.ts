/**
 * The hostile share-link corpus: payloads an attacker can put in `?shared=` for any kind of draft, each a form
 * (params, a line's params, a job's inputs) that no typed form could have made. Every decoder refuses each one
 * with a reason and without throwing (tasking-share, share-checkout, share-launch tests). The JSON text is
 * written by hand, never by `JSON.stringify`, so the corpus itself cannot run out of stack building them.
 */

/** Levels of the nested object that made the tasking page throw for good (issue 41): a 176 KB link. */
export const DEEP_LEVELS = 22_000

/** `{"a":{"a":…1…}}`, `levels` objects deep, as JSON text. */
export const deepObjectJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`

/** `[[[…]]]`, `levels` arrays deep. */
export const deepArrayJson = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`

/** Hostile form values, as JSON text, by name. */
export const HOSTILE_FORMS: Record<string, string> = {
  [`an object nested ${DEEP_LEVELS.toLocaleString('en')} levels deep`]: deepObjectJson(DEEP_LEVELS),
  'a field nested 9 levels deep, one more than any form holds': `{"f":${deepObjectJson(8)}}`,
  'a list nested 5,000 levels deep': `{"f":${deepArrayJson(5_000)}}`,
  'a list of 60,000 numbers': `{"f":[${Array.from({ length: 60_000 }, () => '0').join(',')}]}`,
  'a text of 30,000 characters': `{"f":"${'x'.repeat(30_000)}"}`,
  'a key of 30,000 characters': `{"${'k'.repeat(30_000)}":1}`,
  'a list in place of the form': '[1,2,3]',
  'a text in place of the form': '"params"',
  'null in place of the form': 'null',
}

const toBase64Url = (text: string) => {
  const bytes = new TextEncoder().encode(text)
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/**
 * The `?shared=` text of a draft of `kind` whose body is `fields` (JSON texts by key) around one hostile
 * form: `{"kind":…,"v":1,…}` as `encodeShared` makes it, with the form's JSON spliced in unparsed.
 */
export function hostileLink(kind: string, fields: Record<string, string>): string {
  const members = Object.entries(fields).map(([k, json]) => `${JSON.stringify(k)}:${json}`)
  return toBase64Url(`{"kind":${JSON.stringify(kind)},"v":1${members.map((m) => `,${m}`).join('')}}`)
}
