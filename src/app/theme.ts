import { createTheme, type AlertProps, type CSSVariablesResolver } from '@mantine/core'

/**
 * Contrast (WCAG AA, 4.5:1) on both schemes: Mantine's default dimmed grey and teal links fall short, so
 * these are set here; filled buttons use teal 9, which carries white text at 5:1.
 */
/** Teal 9 is the darkest shade, so Mantine's hover would go lighter (teal 8, 3.9:1 with white): darker instead. */
const FILLED_HOVER = {
  '--mantine-color-teal-filled-hover': '#066649',
  '--mantine-primary-color-filled-hover': '#066649',
}

// A field's error (its text, its message) in Mantine's red 6 reads at 3.3:1 on white, and its dark red 8 at
// 3.4:1 on the dark page: red 9 (5.5:1) and red 4 (5.9:1 on a dark field) instead.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...FILLED_HOVER,
    '--mantine-color-dimmed': '#495057',
    '--mantine-color-anchor': '#086b4d',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    ...FILLED_HOVER,
    '--mantine-color-dimmed': '#adb5bd',
    '--mantine-color-anchor': '#63e6be',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
})

export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 9, dark: 9 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'sm',
  // Modals, drawers and menus open without their fades for people who ask for less motion.
  respectReducedMotion: true,
  components: {
    // Badges in sentence case, as written (Mantine uppercases them by default): "New version waits", not
    // "NEW VERSION WAITS". Same colours and size, so contrast is unchanged.
    // A badge is never cut ("New versio…"): its width is its text, so a table column sizes to it.
    Badge: { defaultProps: { tt: 'none' }, styles: { root: { minWidth: 'max-content' } } },
    // Yellow and orange titles on their light backgrounds fall below 4.5:1: the title takes the text colour,
    // and the background and icon still carry the warning.
    // A plain object, not Alert.extend: that would pull the Alert component into every page's first load.
    Alert: {
      styles: (_theme: unknown, props: AlertProps) =>
        // Light shades of these on their tinted background fall under 4.5:1.
        props.color === 'yellow' ||
        props.color === 'orange' ||
        props.color === 'teal' ||
        props.color === 'green'
          ? { title: { color: 'var(--mantine-color-text)' } }
          : {},
    },
  },
})
