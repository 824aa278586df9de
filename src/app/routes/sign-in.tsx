import { Center, Paper, Stack, Text, Title } from '@mantine/core'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { useSession } from '../../api/console-context'
import { paths } from '../../config/paths'
import { safeNext } from '../../lib/safe-next'
import { SignInForm } from '../session/sign-in-form'

export function SignInPage() {
  const { status } = useSession()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  // Only paths of the console: a crafted `next` must not send the analyst elsewhere.
  const next = safeNext(params.get('next'), paths.home())
  if (status === 'signed-in') return <Navigate to={next} replace />
  return (
    <Center mih="100vh" p="md" component="main" id="main">
      <Paper withBorder shadow="sm" p="xl" w={460} maw="100%">
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              Sign in to Swath
            </Title>
            <Text c="dimmed" size="sm">
              Order, task and process Earth observation data.
            </Text>
          </div>
          <SignInForm onSignedIn={() => void navigate(next, { replace: true })} />
        </Stack>
      </Paper>
    </Center>
  )
}
