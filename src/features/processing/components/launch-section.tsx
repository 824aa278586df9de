import '@mantine/core/styles/Skeleton.css'
import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Loader,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { Link } from 'react-router'
import {
  permissionsOf,
  useApiClient,
  useConsoleServices,
  useSession,
  useWorkspaceId,
} from '../../../api/console-context'
import { whatToDo } from '../../../api/errors'
import { BudgetGate } from '../../../components/budget-gate/budget-gate'
import { budgetRefusalOf } from '../../../lib/placing-rules'
import { usePlacingFlow } from '../../../components/placing-flow/use-placing-flow'
import type { Params, ParamProblem } from '../../../lib/order-params/form-model'
import { SchemaForm } from '../../../components/schema-form/schema-form'
import { useBudgetChoices } from '../../../data/budgets/use-budget-choices'
import { SETTLE_WINDOW_MS } from '../../../data/create-once'
import {
  costOptions,
  isInputsRefusal,
  sameInputs,
  validationOptions,
  type JobInputs,
  type JobPrice,
} from '../../../data/processing/execution'
import { jobCode } from '../../../data/processing/job-code'
import { CodeButton } from '../../../components/request-code/code-button'
import { jobOptions, type Process } from '../../../data/processing/queries'
import type { Eula } from '../../../data/licences/queries'
import { paths } from '../../../config/paths'
import { countLabel, formatCredits, formatUtc } from '../../../lib/format'
import {
  initialInputs,
  inputsFormSchema,
  inputsToSend,
  itemInputNames,
  missingInputs,
  priceInWords,
  refusalProblems,
} from '../launch-model'
import { isRunPending, RUN_IDLE, useLaunchStore, type LaunchDraft } from '../launch-store'
import { useRunJob } from '../use-run-job'
import { useLaunchHandOver } from '../use-processing-view'
import { decodeLaunchShare } from '../share-launch'
import { ItemPickerWidget } from './item-picker'
import { PickerStart } from './picker-start'

/** How long the form rests before its inputs are checked with the service. */
const VALIDATE_AFTER_MS = 400

/**
 * Running a process (issue 16): the inputs form from the process's schema (items picked from storage), checked
 * with the service as it changes, the price, the workspace and budget, and a review before one job is
 * started. The form is a draft (sessionStorage): nothing is lost to a reload or an expired session.
 */
export function LaunchSection({ process, eula }: { process: Process; eula: UseQueryResult<Eula> | null }) {
  const client = useApiClient()
  const { config } = useConsoleServices()
  // Items handed over by a link must be in the service's own storage: the service would read any host. The
  // change review hands over two (`item=<newer>&item=<older>`) and a title.
  const handed = useLaunchHandOver(config.apiUrl)
  const { from, items, foreignItem, title: askedTitle } = handed
  const item = items.join(' ') || null
  // A form shared as a link (the Viewer's, decision 14): its inputs are handed over as a job's are.
  const sharedText = handed.shared
  const shared = useMemo(
    () => (sharedText === null ? null : decodeLaunchShare(process.id, sharedText)),
    [process.id, sharedText],
  )
  const sharedInputs = shared?.ok ? shared.value : null
  const seed = `from=${from ?? ''}&item=${item ?? ''}${askedTitle ? `&title=${askedTitle}` : ''}${sharedInputs ? `&shared=${sharedText}` : ''}`
  const handOver = !!(from || item || sharedInputs)
  // Read once: a running job's inputs do not change, so it need not be polled here.
  const fromJob = useQuery({
    ...jobOptions(client, from ?? ''),
    enabled: !!from,
    throwOnError: false,
    refetchInterval: false,
  })
  const draft = useLaunchStore((s) => s.drafts[process.id])

  // The form starts from what the page was handed (a job to run again, an item from storage), once per
  // hand-over; coming back without one (the catalogue, the navigation) keeps the draft as it was.
  const ready = !from || fromJob.data !== undefined || fromJob.error !== null
  useEffect(() => {
    if (!ready) return
    if (draft && (!handOver || draft.seed === seed || isRunPending(draft.run))) return
    useLaunchStore.getState().start(process.id, {
      inputs: initialInputs(process, {
        from: sharedInputs ?? fromJob.data?.definition.inputs,
        items,
        title: askedTitle,
      }),
      budgetId: draft?.budgetId ?? null,
      run: RUN_IDLE,
      seed,
    })
    // `items` is read from `seed`, which names them: a new array each render starts nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, draft, seed, handOver, process, fromJob.data, sharedInputs])

  if (!draft) return <Skeleton height={200} role="status" aria-label="Preparing the form" />
  return (
    <PickerStart.Provider value={{ collectionId: handed.collection }}>
      {shared && !shared.ok && (
        <Alert color="yellow" title="The shared link was not used" mb="sm" role="alert">
          {shared.reason} Nothing was changed: your own inputs are as you left them.
        </Alert>
      )}
      {foreignItem && (
        <Alert color="yellow" title="The item in the link was not used" mb="sm" role="alert">
          It is not an item of this service’s storage ({foreignItem.slice(0, 120)}). Choose one with “Choose
          item”.
        </Alert>
      )}
      {sharedInputs && draft.seed === seed && (
        <Alert color="teal" title="Filled in from a shared link" mb="sm" role="status">
          Check the inputs below before you run the job: nothing runs until you confirm.
        </Alert>
      )}
      {from && fromJob.error !== null && (
        <Alert color="yellow" title="The earlier job could not be read" mb="sm">
          The form starts empty. {whatToDo(fromJob.error)}
        </Alert>
      )}
      <LaunchForm process={process} draft={draft} eula={eula} />
    </PickerStart.Provider>
  )
}

function LaunchForm({
  process,
  draft,
  eula,
}: {
  process: Process
  draft: LaunchDraft
  eula: UseQueryResult<Eula> | null
}) {
  const { user } = useSession()
  const perms = permissionsOf(user)
  const workspaceId = useWorkspaceId()
  const workspace = user?.workspaces.find((w) => w.id === workspaceId)
  const budgets = useBudgetChoices()
  const { run, checkAgain, running } = useRunJob(process)
  const store = useLaunchStore.getState()
  const [tried, setTried] = useState(false)
  const [reviewing, setReviewing] = useState(false)

  const schema = useMemo(() => inputsFormSchema(process), [process])
  const widgets = useMemo(
    () => Object.fromEntries(itemInputNames(process).map((n) => [n, ItemPickerWidget])),
    [process],
  )
  const { toSend, settled, complete, validation, verdict, cost, price } = useInputsCheck(
    process,
    draft.inputs,
    tried,
  )
  const pending = isRunPending(draft.run)
  const locked = pending || running
  const problems: ParamProblem[] = useMemo(() => {
    const refused =
      verdict && !verdict.ok
        ? refusalProblems(process, verdict.refusal)
        : isInputsRefusal(cost.error)
          ? refusalProblems(process, cost.error)
          : []
    const fromRun = draft.run.kind === 'failed' ? (draft.run.problems ?? []) : []
    // "Is required" waits until the analyst tries to go on: a fresh form is not wrong, only unfinished.
    return [...refused, ...fromRun].filter((p) => tried || p.reason !== 'is required')
  }, [verdict, cost.error, draft.run, process, tried])

  const own = launchBlockers({ eula, perms, tried, settled, complete, validation, verdict, cost, price })

  // The budget and the workspace after the inputs, as on every placing page (lib/placing-rules.ts).
  const flow = usePlacingFlow({
    own,
    gate: budgets,
    budgetId: draft.budgetId,
    workspaceId,
    budgetRefusal: budgetRefusalOf(draft.run.kind === 'failed' ? draft.run : null),
    whatIsPlaced: 'this job',
    subject: 'job',
    tried: { value: tried, set: setTried },
  })
  const { blockers } = flow

  const review = () =>
    flow.tryReview(() => {
      if (price) setReviewing(true)
    })
  const confirm = () => {
    if (!workspaceId) return
    // The review closes as the request goes out: its outcome (or the check of a lost answer) shows on the page.
    setReviewing(false)
    void run({ workspaceId, budgetId: draft.budgetId, inputs: toSend })
  }

  return (
    <Stack gap="md">
      <SchemaForm
        schema={schema}
        value={draft.inputs}
        onChange={(v: Params) => {
          store.setInputs(process.id, v)
          if (draft.run.kind === 'failed' || draft.run.kind === 'not-created')
            store.setRun(process.id, RUN_IDLE)
        }}
        fieldWidgets={widgets}
        serverErrors={problems}
        label="Inputs of the job"
        problemsTitle="Some inputs are not accepted"
        idPrefix="launch"
        disabled={locked}
      />

      <LaunchPrice settled={settled} validation={validation} verdict={verdict} cost={cost} price={price} />

      <Text size="sm">
        Runs in workspace <b>{workspace?.name ?? 'none chosen'}</b> (change it in the header). Results go to
        your storage.
      </Text>

      <BudgetGate
        gate={budgets}
        budgetId={draft.budgetId}
        onChange={(id) => {
          store.setBudget(process.id, id)
          if (draft.run.kind === 'failed') store.setRun(process.id, RUN_IDLE)
        }}
        total={price?.totalCredits ?? null}
        problem={flow.budgetProblem}
        subject="job"
      />

      <RunOutcome
        state={draft.run}
        onCheckAgain={() => draft.run.kind === 'unknown' && void checkAgain(draft.run.attempt)}
      />

      {tried && blockers.length > 0 && !pending && (
        <Alert color="yellow" title="Before running" role="status">
          <List size="sm">
            {blockers.map((b) => (
              <List.Item key={b}>{b}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {perms.change ? (
        <Group>
          <Button onClick={review} disabled={locked} loading={locked}>
            Review and run…
          </Button>
          {workspaceId && (
            <CodeButton
              size="sm"
              ariaLabel="This job as code"
              requests={() =>
                jobCode(process.id, process.title, toSend, { workspaceId, budgetId: draft.budgetId })
              }
            />
          )}
        </Group>
      ) : (
        <Text size="sm">
          Your role does not run jobs: share the link at the top of the page with an account administrator or
          member, who can run it.
        </Text>
      )}

      {price && (
        <ReviewModal
          opened={reviewing}
          process={process}
          inputs={toSend}
          price={price}
          workspace={workspace?.name ?? workspaceId ?? ''}
          budget={budgets.budgets.find((b) => b.id === draft.budgetId)?.name ?? null}
          running={locked}
          onCancel={() => !locked && setReviewing(false)}
          onConfirm={confirm}
        />
      )}
    </Stack>
  )
}

/**
 * The inputs checked with the service as the form changes, after a pause: nothing is asked about a form still
 * missing required inputs until the analyst tries to go on; the price is read once the inputs are accepted.
 */
function useInputsCheck(process: Process, inputs: Params, tried: boolean) {
  const client = useApiClient()
  const toSend = useMemo(() => inputsToSend(inputs), [inputs])
  const [debounced] = useDebouncedValue(toSend, VALIDATE_AFTER_MS)
  const settled = sameInputs(debounced, toSend)
  const complete = missingInputs(process, debounced).length === 0
  const validation = useQuery({
    ...validationOptions(client, process.id, debounced),
    enabled: complete || tried,
  })
  const verdict = settled ? validation.data : undefined
  const cost = useQuery({ ...costOptions(client, process.id, debounced), enabled: verdict?.ok === true })
  const price = verdict?.ok && settled ? cost.data : undefined
  return { toSend, settled, complete, validation, verdict, cost, price }
}

type InputsCheck = ReturnType<typeof useInputsCheck>

/** What stops the job before the budget and the workspace: the process licence, then the inputs and price. */
function launchBlockers({
  eula,
  perms,
  tried,
  settled,
  complete,
  validation,
  verdict,
  cost,
  price,
}: Omit<InputsCheck, 'toSend'> & {
  eula: UseQueryResult<Eula> | null
  perms: Pick<ReturnType<typeof permissionsOf>, 'acceptEulas' | 'acceptEulasWhyNot'>
  tried: boolean
}): string[] {
  const eulaData = eula?.data
  const own: string[] = []
  if (eula && !eulaData)
    own.push(
      eula.error
        ? 'The process license could not be read: retry it in the Licenses section above.'
        : 'The process license is still loading.',
    )
  if (eulaData && !eulaData.isAccepted)
    own.push(
      perms.acceptEulas
        ? 'Accept the process license above: a job without it stops as “unlicensed”.'
        : `The process license is not accepted. ${perms.acceptEulasWhyNot ?? ''} Ask an account administrator to accept it.`,
    )
  if (settled && !complete && !tried) own.push('Fill in the required inputs.')
  else if (!settled || validation.isFetching) own.push('Checking the inputs…')
  else if (verdict && !verdict.ok) own.push('Change the inputs marked above.')
  else if (validation.error) own.push('The inputs could not be checked.')
  else if (verdict?.ok && !price) own.push(cost.error ? 'The price could not be read.' : 'Reading the price…')
  return own
}

/** The job's price in words, or why there is none yet (the inputs are refused, incomplete or being checked). */
function LaunchPrice({
  settled,
  validation,
  verdict,
  cost,
  price,
}: Pick<InputsCheck, 'settled' | 'validation' | 'verdict' | 'cost' | 'price'>) {
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="launch-price">
      <Title order={3} size="h4" id="launch-price">
        Price
      </Title>
      {price ? (
        <Text size="sm" mt={4} aria-live="polite">
          <Text span fw={700}>
            {priceInWords(price)}
          </Text>{' '}
          {price.pricingStrategy === 'none'
            ? '— a fixed price per job.'
            : price.pricingStrategy === 'discount'
              ? '— with a discount, on the area of the input item.'
              : '— computed on the area of the input item.'}
        </Text>
      ) : cost.error && verdict?.ok ? (
        <Alert color="red" mt={4} title="The price could not be read">
          {whatToDo(cost.error)}{' '}
          <Button size="compact-xs" variant="default" onClick={() => void cost.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : validation.error && settled ? (
        <Alert color="red" mt={4} title="The inputs could not be checked">
          {whatToDo(validation.error)}{' '}
          <Button size="compact-xs" variant="default" onClick={() => void validation.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <Text size="sm" mt={4} c="dimmed">
          {verdict && !verdict.ok
            ? 'Priced once the inputs are accepted.'
            : settled && !validation.isFetching && !cost.isFetching
              ? 'Priced once the inputs are complete.'
              : 'Checking the inputs and the price…'}
        </Text>
      )}
    </Paper>
  )
}

function RunOutcome({ state, onCheckAgain }: { state: LaunchDraft['run']; onCheckAgain: () => void }) {
  if (state.kind === 'unknown') {
    return state.checkFailed ? (
      <Alert color="yellow" title="Not known whether the job started" role="alert">
        <Text size="sm">
          The service did not answer, and the job list could not be read to find out. Nothing will be started
          again until this is known.
        </Text>
        <Button size="xs" mt="xs" onClick={onCheckAgain}>
          Check again
        </Button>
      </Alert>
    ) : (
      <Alert color="blue" title="Not known yet whether the job started — checking" role="status">
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">
            The request went out at {formatUtc(state.attempt.startedAt)} and its answer was lost. The job list
            is checked until the job appears or {Math.round(SETTLE_WINDOW_MS / 60_000)} minutes have passed;
            nothing is sent again meanwhile.
          </Text>
        </Group>
      </Alert>
    )
  }
  if (state.kind === 'not-created')
    return (
      <Alert color="yellow" title="No job was started" role="alert">
        The service did not confirm the job, and none appeared in the job list. Nothing was charged; you can
        run it again.
      </Alert>
    )
  if (state.kind === 'failed' && !state.code)
    return (
      <Alert color="red" title={state.message} role="alert">
        {state.details}
      </Alert>
    )
  return null
}

function ReviewModal({
  opened,
  process,
  inputs,
  price,
  workspace,
  budget,
  running,
  onCancel,
  onConfirm,
}: {
  opened: boolean
  process: Process
  inputs: JobInputs
  price: JobPrice
  workspace: string
  budget: string | null
  running: boolean
  onCancel: () => void
  onConfirm: () => void
}) {
  const title = typeof inputs.title === 'string' ? inputs.title : process.title
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={`Run ${process.title}?`}
      closeOnClickOutside={!running}
      closeButtonProps={{ 'aria-label': 'Close the review', disabled: running }}
    >
      <Stack gap="sm">
        <Text size="sm">
          “{title}” runs on{' '}
          {countLabel(itemInputNames(process).filter((n) => typeof inputs[n] === 'string').length, 'item')}{' '}
          from your storage, in workspace <b>{workspace}</b>
          {budget ? (
            <>
              , charged to budget <b>{budget}</b>
            </>
          ) : null}
          .
        </Text>
        <Text size="sm">
          It costs{' '}
          <Text span fw={700}>
            {priceInWords(price)}
          </Text>
          . The credits are held when the job starts and charged when it succeeds; a job that fails gives them
          back.
        </Text>
        {/* Plain text colour: beside dimmed grey the link is too close in colour to tell apart (axe). */}
        <Text size="xs">
          The job list is on the{' '}
          <Anchor component={Link} to={paths.jobs()} underline="always">
            Jobs page
          </Anchor>
          .
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={running}>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={running} data-autofocus>
            Run job for {formatCredits(price.totalCredits)}{' '}
            {Math.abs(price.totalCredits) === 1 ? 'credit' : 'credits'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
