import './mantine-styles'
import { Anchor, Badge, Code, Group, List, Paper, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { permissionsOf, useApiClient, useSession } from '../../../api/console-context'
import { RoleNotice, ShareLink } from '../../../components/role-notice/role-notice'
import { VIEWER_CANNOT_RUN_JOBS } from '../../../components/role-notice/words'
import { shareUrl } from '../../../lib/share-link'
import { inputsToSend } from '../launch-model'
import { useLaunchStore } from '../launch-store'
import { encodeLaunchShare } from '../share-launch'
import { EulaGate } from '../../../components/licence-gate/eula-gate'
import { eulaOptions, licenceAccess } from '../../../data/licences/queries'
import { processOptions, type Process } from '../../../data/processing/queries'
import { inputsInWords, priceRule, processEulaId } from '../words'
import { paths } from '../../../config/paths'
import { LaunchSection } from './launch-section'
import { Section } from '../../../components/page-section'
import { DetailFailure, DetailLoading } from '../../../components/detail-states'

/** One process: what it does, what it takes in plain words, how it is priced, and its licence (accept it here). */
export function ProcessPage() {
  const { processId = '' } = useParams()
  const client = useApiClient()
  const process = useQuery({ ...processOptions(client, processId), throwOnError: false })
  if (process.error && !process.data)
    return (
      <DetailFailure
        thing="process"
        error={process.error}
        missingText={`There is no process “${processId}”.`}
        onRetry={() => void process.refetch()}
        back={{ to: paths.processing(), label: 'All processes' }}
      />
    )
  if (!process.data) return <DetailLoading label="Loading the process" />
  return <ProcessDetails process={process.data} />
}

function ProcessDetails({ process }: { process: Process }) {
  const client = useApiClient()
  const eulaId = processEulaId(process)
  const eula = useQuery({ ...eulaOptions(client, eulaId ?? ''), enabled: !!eulaId })
  const inputs = inputsInWords(process)
  const mayRun = permissionsOf(useSession().user).change
  const draftInputs = useLaunchStore((s) => s.drafts[process.id]?.inputs)
  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to="/processing" size="sm">
          ← All processes
        </Anchor>
        <Title order={1}>{process.title}</Title>
        <Text>{process.description}</Text>
        <Group gap="xs" mt="xs">
          <Badge variant="dot" color="gray" tt="none">
            {priceRule(process)}
          </Badge>
          <Text size="xs" c="dimmed">
            Process ID <Code>{process.id}</Code>, version {process.version}
          </Text>
        </Group>
      </div>
      {/* The Viewer learns before filling anything in that the job can be prepared and shared, not run. */}
      {!mayRun && (
        <RoleNotice title="You can prepare this job, not run it" why={VIEWER_CANNOT_RUN_JOBS}>
          {draftInputs && (
            <ShareLink
              what="job"
              url={shareUrl(
                paths.process(process.id),
                encodeLaunchShare(process.id, inputsToSend(draftInputs)),
              )}
            />
          )}
        </RoleNotice>
      )}
      <Paper withBorder p="md" component="section" aria-labelledby="process-inputs">
        <Title order={2} size="h4" id="process-inputs" mb="xs">
          What it takes
        </Title>
        <List spacing="xs">
          {inputs.map((i) => (
            <List.Item key={i.name}>
              <Text size="sm" fw={600} span>
                {i.title}
              </Text>
              <Text size="sm" span>
                {' '}
                — {i.takes}
                {i.required ? '' : ' (optional)'}
              </Text>
              {i.description && (
                <Text size="xs" c="dimmed">
                  {i.description}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      </Paper>
      {eulaId ? (
        <EulaGate eulas={[{ id: eulaId, query: eula }]} access={licenceAccess} unlocks="running" />
      ) : (
        <Text size="sm" c="dimmed">
          No license needs accepting for this process.
        </Text>
      )}
      <Section id="process-run" title="Run this process">
        <Text size="sm">
          Pick the items from your storage and fill in the inputs; they are checked as you go, and the price
          is shown before anything runs. Jobs already run are on the{' '}
          {/* Underlined: a link inside a sentence must not rest on its colour alone (the dark theme's link
              colour is too close to its text's for axe's link-in-text-block). */}
          <Anchor
            component={Link}
            to={paths.jobs(`process=${encodeURIComponent(process.id)}`)}
            underline="always"
          >
            Jobs page
          </Anchor>
          .
        </Text>
        <LaunchSection process={process} eula={eulaId ? eula : null} />
      </Section>
    </Stack>
  )
}
