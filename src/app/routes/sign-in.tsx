import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core'
import { lazy, Suspense, useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { useSession } from '../../api/console-context'
import { isConnectionProblem } from '../session/sign-in-messages'
import { SignInForm } from '../session/sign-in-form'
import { useSignInView } from '../session/use-sign-in-view'

// Fetched only when asked for or when a sign-in fails for a connection reason: a working sign-in never loads it.
const ConnectionReport = lazy(async () => ({
  default: (await import('../../features/connection/components/connection-report')).ConnectionReport,
}))

export function SignInPage() {
  const { status } = useSession()
  // Only paths of the console: a crafted `next` must not send the analyst elsewhere.
  const { next } = useSignInView()
  const navigate = useNavigate()
  // Which token servers the connection check covers: the region that failed, or every one when asked.
  const [check, setCheck] = useState<{ regionIds?: string[]; key: number } | null>(null)
  if (status === 'signed-in') return <Navigate to={next} replace />
  return (
    <Center mih="100vh" p="md" component="main" id="main">
      <Paper withBorder shadow="sm" p="xl" w={check ? 640 : 460} maw="100%">
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              Sign in to Swath
            </Title>
            <Text c="dimmed" size="sm">
              Order, task and process Earth observation data.
            </Text>
          </div>
          <SignInForm
            onSignedIn={() => void navigate(next, { replace: true })}
            onFailed={(err, regionId) => {
              if (isConnectionProblem(err))
                setCheck((c) => ({ regionIds: [regionId], key: (c?.key ?? 0) + 1 }))
            }}
          />
          <Anchor
            component="button"
            type="button"
            size="sm"
            aria-expanded={check !== null}
            aria-controls="connection-check"
            onClick={() => setCheck((c) => (c ? null : { key: 0 }))}
            style={{ alignSelf: 'flex-start' }}
          >
            {check ? 'Hide the connection check' : 'Check connection'}
          </Anchor>
          {check && (
            <section id="connection-check" aria-labelledby="connection-check-title">
              <Stack gap="sm">
                <Title order={2} size="h3" id="connection-check-title">
                  Connection check
                </Title>
                <Suspense fallback={<Text size="sm">Checking the service and token servers…</Text>}>
                  <ConnectionReport key={check.key} regionIds={check.regionIds} headingOrder={3} />
                </Suspense>
              </Stack>
            </section>
          )}
        </Stack>
      </Paper>
    </Center>
  )
}
