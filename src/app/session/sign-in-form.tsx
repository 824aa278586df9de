import { Alert, Button, NativeSelect, PasswordInput, Stack, Table, Text, TextInput } from '@mantine/core'
import { useRef, useState, type FormEvent } from 'react'
import { useConsoleServices } from '../../api/console-context'
import { signInMessage } from './sign-in-messages'

interface Props {
  /** Re-authentication: the same user and region, only the password is asked for. */
  fixed?: { email: string; regionId: string }
  onSignedIn?: () => void
  /** A sign-in that failed, with the region it was sent to (the sign-in page checks its connection). */
  onFailed?: (error: unknown, regionId: string) => void
}

/** E-mail, password and region; one submit at a time; each failure says what to do. */
export function SignInForm({ fixed, onSignedIn, onFailed }: Props) {
  const { session, config } = useConsoleServices()
  const [email, setEmail] = useState(fixed?.email ?? '')
  const [password, setPassword] = useState('')
  const [regionId, setRegionId] = useState(fixed?.regionId ?? config.regions[0]?.id ?? '')
  const [error, setError] = useState<{ title: string; text: string } | null>(null)
  const [pending, setPending] = useState(false)
  const passwordRef = useRef<HTMLInputElement>(null)
  const region = config.regions.find((r) => r.id === regionId)

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (pending) return
    setPending(true)
    setError(null)
    try {
      await session.signIn({ regionId, email, password })
      setPassword('')
      onSignedIn?.()
    } catch (err) {
      setError(signInMessage(err, region?.label ?? regionId))
      passwordRef.current?.focus()
      onFailed?.(err, regionId)
    } finally {
      setPending(false)
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Sign in">
      <Stack gap="sm">
        {error && (
          <Alert color="red" title={error.title} role="alert">
            {error.text}
          </Alert>
        )}
        {fixed ? (
          <Text size="sm">
            Account <strong>{fixed.email}</strong>
            {region ? ` (${region.label})` : ''}
          </Text>
        ) : (
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            data-autofocus
          />
        )}
        <PasswordInput
          ref={passwordRef}
          label="Password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          data-autofocus={fixed ? true : undefined}
        />
        {!fixed && config.regions.length > 1 && (
          <NativeSelect
            label="Region"
            description="The token server of the region your account lives in"
            value={regionId}
            onChange={(e) => setRegionId(e.currentTarget.value)}
            data={config.regions.map((r) => ({ value: r.id, label: r.label }))}
          />
        )}
        <Button type="submit" loading={pending} disabled={!email || !password}>
          Sign in
        </Button>
        {!fixed && config.demo && (
          <DemoAccounts
            demo={config.demo}
            onPick={(address) => {
              setEmail(address)
              setPassword(config.demo?.password ?? '')
            }}
          />
        )}
      </Stack>
    </form>
  )
}

function DemoAccounts({
  demo,
  onPick,
}: {
  demo: NonNullable<ReturnType<typeof useConsoleServices>['config']['demo']>
  onPick: (email: string) => void
}) {
  return (
    <Stack gap={4} mt="md">
      <Text size="sm" fw={600}>
        Demo accounts on the simulator (password <code>{demo.password}</code>)
      </Text>
      <Table aria-label="Demo accounts" verticalSpacing={4}>
        <Table.Tbody>
          {demo.accounts.map((a) => (
            <Table.Tr key={a.email}>
              <Table.Td>
                <Button variant="subtle" size="compact-sm" onClick={() => onPick(a.email)}>
                  {a.email}
                </Button>
              </Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {a.description}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  )
}
