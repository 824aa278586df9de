import { Button, CopyButton, Group, Modal, Text } from '@mantine/core'
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useConsoleServices, useSession } from '../../api/console-context'
import { TOKEN_PATH } from '../../api/session'
import {
  snippetsOf,
  type CodeLanguage,
  type CodeRequestSet,
  type CodeTarget,
  type SdkSnippet,
} from '../../lib/request-code'
import classes from './request-code.module.css'

const LANGUAGES: { value: CodeLanguage; label: string }[] = [
  { value: 'curl', label: 'curl' },
  { value: 'python', label: 'Python' },
  { value: 'typescript', label: 'TypeScript' },
  { value: 'sdk', label: 'Python SDK' },
]

// The language last chosen, for the next dialog of the session (analysts stick to one).
let lastLanguage: CodeLanguage = 'curl'

/** An absolute URL from the console's configuration, which may hold paths on its own origin. */
const absolute = (url: string) => new URL(url, window.location.origin).href.replace(/\/+$/, '')

/** The requests of `set` as code: one tab per language, each with a copy button. No secret is shown. */
export function CodeDialog({
  set,
  opened,
  onClose,
  onClosed,
}: {
  set: CodeRequestSet
  opened: boolean
  onClose: () => void
  /** After the dialog has gone (its closing transition ended). */
  onClosed: () => void
}) {
  const { config } = useConsoleServices()
  const snap = useSession()
  const region = snap.region ?? config.regions[0]
  const target = useMemo<CodeTarget>(
    () => ({
      apiUrl: absolute(config.apiUrl),
      tokenUrl: `${absolute(region.authUrl)}${TOKEN_PATH}`,
      clientId: config.clientId,
      username: snap.user?.email ?? 'you@example.com',
      userWorkspaceId: snap.user?.id,
    }),
    [config, region, snap.user],
  )
  const snippets = useMemo(() => snippetsOf(set, target), [set, target])
  const [language, setLanguage] = useState<CodeLanguage>(lastLanguage)
  const languages = LANGUAGES.filter((l) => l.value !== 'sdk' || snippets.sdk !== null)
  const shown = languages.some((l) => l.value === language) ? language : 'curl'
  const baseId = useId()

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onClosed}
      returnFocus={false}
      title={`${set.title} as code`}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close the code' }}
    >
      <Text size="sm" mb="xs">
        The {set.steps.length === 1 ? 'request' : `${set.steps.length} requests`} this page sends, with the
        same bodies. Each script first asks the token server for a token with your e-mail and the password in
        the environment variable <code>SWATH_PASSWORD</code>; no token or password is written here.
      </Text>
      <LanguageTabs
        idBase={baseId}
        languages={languages}
        value={shown}
        onChange={(next) => {
          lastLanguage = next
          setLanguage(next)
        }}
      />
      {languages
        .filter((l) => l.value === shown)
        .map((l) => {
          const snippet: string | SdkSnippet | null = snippets[l.value]
          const code = codeOf(snippet)
          return (
            <div
              key={l.value}
              role="tabpanel"
              id={`${baseId}-panel`}
              aria-labelledby={`${baseId}-tab-${l.value}`}
              className={classes.panel}
            >
              {code === null ? (
                <Text size="sm">
                  {typeof snippet === 'object' && snippet && 'unavailable' in snippet
                    ? snippet.unavailable
                    : 'The SDK has no call for this.'}
                </Text>
              ) : (
                <>
                  <Group justify="space-between" mb={4}>
                    <Text size="xs" c="dimmed">
                      {NOTES[l.value]}
                    </Text>
                    <CopyButton value={code}>
                      {({ copied, copy }) => (
                        <Button size="compact-sm" variant="default" onClick={copy}>
                          {copied ? 'Copied' : `Copy ${l.label}`}
                        </Button>
                      )}
                    </CopyButton>
                  </Group>
                  {/* Focusable, so the code scrolls by keyboard too. */}
                  <pre className={classes.code} tabIndex={0} aria-label={`${l.label} code`}>
                    {code}
                  </pre>
                </>
              )}
            </div>
          )
        })}
    </Modal>
  )
}

/**
 * The language tabs: a WAI-ARIA tab list with one tab stop, arrow keys (and Home/End) moving between tabs and
 * choosing as they go. Written here rather than with Mantine's Tabs, which the catalog's first load shares:
 * importing it from this lazy chunk too split it out of the catalog's chunks into files of its own.
 */
function LanguageTabs({
  idBase,
  languages,
  value,
  onChange,
}: {
  /** Tabs are `<idBase>-tab-<language>`; they control the panel `<idBase>-panel`. */
  idBase: string
  languages: { value: CodeLanguage; label: string }[]
  value: CodeLanguage
  onChange: (v: CodeLanguage) => void
}) {
  const refs = useRef(new Map<CodeLanguage, HTMLButtonElement>())
  const onKeyDown = (e: KeyboardEvent) => {
    const i = languages.findIndex((l) => l.value === value)
    const to =
      e.key === 'ArrowRight'
        ? (i + 1) % languages.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + languages.length) % languages.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? languages.length - 1
              : null
    if (to === null) return
    e.preventDefault()
    const next = languages[to].value
    onChange(next)
    refs.current.get(next)?.focus()
  }
  return (
    <div role="tablist" aria-label="Language" className={classes.tabs} onKeyDown={onKeyDown}>
      {languages.map((l) => (
        <button
          key={l.value}
          ref={(el) => {
            if (el) refs.current.set(l.value, el)
            else refs.current.delete(l.value)
          }}
          type="button"
          role="tab"
          id={`${idBase}-tab-${l.value}`}
          aria-controls={`${idBase}-panel`}
          aria-selected={l.value === value}
          tabIndex={l.value === value ? 0 : -1}
          className={classes.tab}
          onClick={() => onChange(l.value)}
        >
          {l.label}
        </button>
      ))}
    </div>
  )
}

function codeOf(snippet: string | SdkSnippet | null): string | null {
  if (typeof snippet === 'string') return snippet
  return snippet && 'code' in snippet ? snippet.code : null
}

const NOTES: Record<CodeLanguage, string> = {
  curl: 'A POSIX shell script; needs curl.',
  python: 'Python 3 with requests (Debian: python3-requests); paged answers are followed to the end.',
  typescript:
    'A module for Node 18 or later (fetch, top-level await); paged answers are followed to the end.',
  sdk: 'The service’s Python SDK (up42-py), where it has the same call.',
}
