/**
 * Characters that reorder or hide text: bidi embeddings, overrides and isolates, the marks, and zero-width
 * ones. On the page, names are isolated (`<bdi>`, `dir="auto"`); where text has no markup — the tab's title,
 * a desktop notification — they cannot be isolated, so they are taken out.
 */
const HIDDEN_OR_REORDERING = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g

/** Control characters (C0 and C1), which a title shows as boxes or not at all. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g

/**
 * Text for a place without markup (`document.title`, a desktop notification's title and body): no character
 * that could make it read as something it is not, control characters as spaces, one space between words.
 */
export function plainText(text: string): string {
  return text.replace(HIDDEN_OR_REORDERING, '').replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim()
}
