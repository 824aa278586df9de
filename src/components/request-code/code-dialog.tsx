import '@mantine/core/styles/Tabs.css'
import { Button, CopyButton, Group, Modal, Tabs, Text } from '@mantine/core'
import { useMemo, useState } from 'react'
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
export function CodeDialog({ set, onClose }: { set: CodeRequestSet; onClose: () => void }) {
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

  return (
    <Modal opened onClose={onClose} title={`${set.title} as code`} size="xl">
      <Text size="sm" mb="xs">
        The {set.steps.length === 1 ? 'request' : `${set.steps.length} requests`} this page sends, with the
        same bodies. Each script first asks the token server for a token with your e-mail and the password in
        the environment variable <code>SWATH_PASSWORD</code>; no token or password is written here.
      </Text>
      <Tabs
        value={shown}
        onChange={(v) => {
          const next = (v ?? 'curl') as CodeLanguage
          lastLanguage = next
          setLanguage(next)
        }}
      >
        <Tabs.List aria-label="Language">
          {languages.map((l) => (
            <Tabs.Tab key={l.value} value={l.value}>
              {l.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {languages.map((l) => {
          const snippet: string | SdkSnippet | null = snippets[l.value]
          const code = codeOf(snippet)
          return (
            <Tabs.Panel key={l.value} value={l.value} pt="xs">
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
            </Tabs.Panel>
          )
        })}
      </Tabs>
    </Modal>
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
