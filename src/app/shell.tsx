import {
  ActionIcon,
  Anchor,
  AppShell,
  Badge,
  Burger,
  Group,
  Button,
  Divider,
  Paper,
  NativeSelect,
  Stack,
  Text,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core'
import { useDisclosure, useMediaQuery } from '@mantine/hooks'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNotifications } from '@mantine/notifications'
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigation } from 'react-router'
import { permissionsOf, useConsoleServices, useSession, useWorkspaceId } from '../api/console-context'
import { scopeWords } from '../api/scopes'
import { paths } from '../config/paths'
import { followDecisionChanges, pendingDecisionsOptions } from '../data/decisions/pending-count'
import { activeJobsOptions } from '../data/processing/active-count'
import { attentionMark } from '../data/attention/attention'
import { useAttentionCount } from '../data/attention/use-attention-count'
import { lazyLicenceBanner as LicenceBanner } from './routes/licences-routes'
import { useDroppedDraftMessages } from './dropped-drafts'
import type NavigationProgress from './navigation-progress'
import classes from './shell.module.css'

/** Areas in the navigation; each is added when the area itself lands. */
const NAV = [
  { to: paths.home(), label: 'Start', end: true, count: 'attention' },
  { to: paths.catalog(), label: 'Catalog', end: false },
  { to: paths.savedSearches(), label: 'Saved searches', end: false },
  { to: paths.checkout(), label: 'Checkout', end: false },
  { to: paths.tasking(), label: 'Tasking', end: false },
  { to: paths.orders(), label: 'Orders', end: false },
  { to: paths.decisions(), label: 'Decisions', end: false, count: 'decisions' },
  { to: paths.storage(), label: 'Storage', end: false },
  { to: paths.processing(), label: 'Processing', end: false },
  { to: paths.jobs(), label: 'Jobs', end: false, count: 'jobs' },
  { to: paths.licences(), label: 'Licenses', end: false },
  { to: paths.budgets(), label: 'Budgets', end: false, needs: 'budgets' },
  { to: paths.areas(), label: 'Areas', end: false },
  { to: paths.collections(), label: 'Collections', end: false },
  { to: paths.dataProducts(), label: 'Data products', end: false },
  { to: paths.providers(), label: 'Providers', end: false },
]

/** Where the navigation stops folding (69em, 1,104 px): shell.module.css hides the menu button from here. */
const NAV_BREAKPOINT = '69em'

/** The console's frame for signed-in work: navigation, workspace, theme, account; sends others to sign in. */
export function Shell() {
  const snap = useSession()
  const location = useLocation()
  const navigation = useNavigation()
  const [navOpen, { toggle, close }] = useDisclosure(false)
  // Folded off-screen, the navigation must not take focus or be read out either.
  const wide = useMediaQuery(`(min-width: ${NAV_BREAKPOINT})`, true)
  const folded = !wide && !navOpen
  const burger = useRef<HTMLButtonElement>(null)
  useDroppedDraftMessages()
  useEffect(() => {
    if (wide || !navOpen) return
    // Unfolded over the page, Escape folds the navigation again and gives focus back to the menu button.
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return
      close()
      burger.current?.focus()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [wide, navOpen, close])
  useEffect(() => {
    // Fetched while the session is healthy, so the dialog opens at once when it is not; not with the page's
    // first load (its modal and form weigh more than the page needs), and a minute on, out of the way of even
    // a slow first load (the catalog's map on a busy machine took over 20 s), but long before the 30-minute
    // refresh token can run out.
    const t = setTimeout(() => void import('./session/reauth-dialog'), 60_000)
    return () => clearTimeout(t)
  }, [])
  // The loading bar shows only while the analyst goes from one page to another, never on the first page's
  // paint (which is no navigation): it is fetched just after the shell first renders, not with its first load.
  const [ProgressBar, setProgressBar] = useState<typeof NavigationProgress | null>(null)
  useEffect(() => {
    void import('./navigation-progress').then((m) => setProgressBar(() => m.default))
  }, [])
  const perms = permissionsOf(snap.user)
  if (snap.status === 'signed-out') {
    // A link opened signed out comes back after signing in; the page of someone who signed out does not (the
    // next to sign in may be another user, in another account).
    return (
      <Navigate
        to={snap.ended ? paths.signIn() : paths.signIn(location.pathname + location.search)}
        replace
      />
    )
  }
  return (
    <AppShell
      header={{ height: 56 }}
      // Below ~1100 px the navigation folds behind the menu button: the pages (the catalog's map, the orders
      // table) keep their width at 1024 px.
      navbar={{ width: 220, breakpoint: NAV_BREAKPOINT, collapsed: { mobile: !navOpen } }}
      padding="md"
    >
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {navigation.state === 'loading' && ProgressBar && <ProgressBar className={classes.progress} />}
      <Toasts />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              ref={burger}
              opened={navOpen}
              onClick={toggle}
              className={classes.burger}
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={wide || navOpen}
              aria-controls="main-navigation"
            />
            <Anchor component={Link} to={paths.home()} underline="never" c="inherit" aria-label="Swath home">
              <Text fw={800} size="lg">
                Swath
              </Text>
            </Anchor>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <WorkspaceSwitcher />
            <Suspense fallback={null}>
              <NotificationCentre />
            </Suspense>
            <ThemeToggle />
            <AccountMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        p="xs"
        aria-label="Main navigation"
        component="nav"
        id="main-navigation"
        inert={folded}
      >
        <Stack gap={2}>
          {/* Budgets leave the navigation where they cannot be used (the Viewer, plans other than Enterprise);
              /budgets itself still says why to whoever reaches it by a link. */}
          {NAV.filter((item) => !('needs' in item) || perms.budgets).map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className={classes.navLink} onClick={close}>
              {item.label}
              {'count' in item &&
                (item.count === 'jobs' ? (
                  <ActiveJobs />
                ) : item.count === 'attention' ? (
                  <NeedsAttention />
                ) : (
                  <PendingDecisions />
                ))}
            </NavLink>
          ))}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <Suspense fallback={null}>
          <LicenceBanner />
        </Suspense>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  )
}

const ToastStack = lazy(() => import('./toasts'))
// The notification centre reads five resources' options: its own chunk, after the shell has drawn.
const NotificationCentre = lazy(async () => ({
  default: (await import('../features/notifications/components/notification-centre')).NotificationCentre,
}))
/**
 * The toasts, loaded with the first one: the toast library and its transitions (about 8 KiB gzip) are no
 * part of any page's first paint. `notifications.show()` only writes to the store, which is small and loads
 * here; the stack renders what the store holds once it arrives, and stays mounted for the toasts' exits.
 */
function Toasts() {
  const { notifications, queue } = useNotifications()
  const [needed, setNeeded] = useState(false)
  if (!needed && notifications.length + queue.length > 0) setNeeded(true)
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <ToastStack />
    </Suspense>
  )
}

/**
 * How many studies and quotations wait, beside "Decisions"; nothing while unknown or zero. It follows every
 * decision, order and clock-driven change the console reads (`followDecisionChanges`). Someone who may decide
 * sees it as work waiting; the Viewer, who may not, as items to review, in a quieter colour.
 */
/** Mantine's darkest orange gives the badge's white text 4.3:1; this one gives 5.6:1 (axe asks 4.5 for small text). */
const WAITING_ORANGE = '#b8400d'

function PendingDecisions() {
  const { client } = useConsoleServices()
  const qc = useQueryClient()
  const user = useSession().user
  useEffect(() => followDecisionChanges(qc), [qc])
  const { data } = useQuery(pendingDecisionsOptions(client))
  if (!data) return null
  const decides = permissionsOf(user).decideStudies
  return (
    <>
      <Badge size="sm" ml={6} color={decides ? WAITING_ORANGE : 'gray.7'} component="span">
        {data}
      </Badge>
      <span className={classes.visuallyHidden}>{decides ? ' waiting' : ' to review'}</span>
    </>
  )
}

/**
 * How many failed orders and jobs wait for the analyst, beside "Start", where "Needs attention" lists them;
 * nothing while unknown or zero.
 */
function NeedsAttention() {
  const data = useAttentionCount()
  if (!data || data.count === 0) return null
  return (
    <>
      {/* Read as "Start, 10 need attention", not "Start10". */}{' '}
      <Badge size="sm" ml={6} color="red.9" component="span" data-testid="attention-count">
        {attentionMark(data)}
      </Badge>
      <span className={classes.visuallyHidden}> need attention</span>
    </>
  )
}

/** How many jobs are under way, beside "Jobs"; nothing while unknown or zero. */
function ActiveJobs() {
  const { client } = useConsoleServices()
  const { data } = useQuery(activeJobsOptions(client))
  if (!data || data.count === 0) return null
  return (
    <>
      <Badge size="sm" ml={6} color="blue.9" component="span">
        {data.count.toLocaleString('en-GB')}
      </Badge>
      <span className={classes.visuallyHidden}> running</span>
    </>
  )
}

function WorkspaceSwitcher() {
  const { session } = useConsoleServices()
  const snap = useSession()
  const current = useWorkspaceId()
  const list = snap.user?.workspaces ?? []
  if (list.length === 0) return null
  // One workspace is nothing to choose: a disabled select would read as "not allowed", not as "the only one".
  if (list.length === 1)
    return (
      <Text size="xs" visibleFrom="xs" data-testid="workspace-only">
        Workspace: {list[0].name}
      </Text>
    )
  return (
    <NativeSelect
      aria-label="Workspace"
      size="xs"
      value={current ?? ''}
      onChange={(e) => session.setWorkspace(e.currentTarget.value)}
      data={list.map((w) => ({ value: w.id, label: w.name }))}
      visibleFrom="xs"
    />
  )
}

function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme()
  const scheme = useComputedColorScheme('light')
  const next = scheme === 'dark' ? 'light' : 'dark'
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={`Switch to the ${next} theme`}
      onClick={() => setColorScheme(next)}
    >
      <span aria-hidden="true">{scheme === 'dark' ? '☀' : '☾'}</span>
    </ActionIcon>
  )
}

const ROLE_LABELS: Record<string, string> = {
  ADMIN: 'Admin',
  MEMBER: 'Member',
  VIEWER: 'Viewer',
  USER: 'User',
}

/**
 * The account panel: a disclosure that opens below its button (no floating-position library on every page's
 * first load). Escape, a click elsewhere or tabbing away closes it; Escape returns focus to the button.
 */
function AccountMenu() {
  const { session } = useConsoleServices()
  const snap = useSession()
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    panel.current?.focus()
    const onDown = (e: PointerEvent) => {
      const t = e.target as Node
      if (!panel.current?.contains(t) && !button.current?.contains(t)) setOpen(false)
    }
    document.addEventListener('pointerdown', onDown)
    return () => document.removeEventListener('pointerdown', onDown)
  }, [open])
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key !== 'Escape') return
    e.stopPropagation()
    setOpen(false)
    button.current?.focus()
  }
  const user = snap.user
  if (!user) return null
  const perms = permissionsOf(user)
  const role = ROLE_LABELS[user.role] ?? user.role
  return (
    <div className={classes.accountWrap}>
      <UnstyledButton
        ref={button}
        className={classes.account}
        aria-label={`Account: ${user.name}, ${role}`}
        aria-expanded={open}
        aria-controls="account-panel"
        onClick={() => setOpen((o) => !o)}
      >
        <Text size="sm" fw={600} truncate maw={180}>
          {user.name}
        </Text>
      </UnstyledButton>
      {open && (
        <Paper
          id="account-panel"
          ref={panel}
          role="dialog"
          aria-label="Account"
          tabIndex={-1}
          withBorder
          shadow="md"
          p="md"
          className={classes.accountPanel}
          onKeyDown={onKeyDown}
          onBlur={(e) => {
            // Tabbing out of the panel closes it, as clicking elsewhere does.
            const next = e.relatedTarget as Node | null
            if (next && !panel.current?.contains(next) && !button.current?.contains(next)) setOpen(false)
          }}
        >
          <Stack gap={6}>
            <div>
              <Text fw={600}>{user.name}</Text>
              <Text size="sm" c="dimmed">
                {user.email}
              </Text>
            </div>
            <Group gap={6}>
              <Badge variant="default">{role}</Badge>
              <Badge variant="default">
                {user.plan === 'ENTERPRISE' ? 'Enterprise plan' : 'Standard plan'}
              </Badge>
              {snap.region && <Badge variant="default">{snap.region.label}</Badge>}
            </Group>
            <div>
              <Text fw={600} size="xs">
                Your sign-in allows you to:
              </Text>
              {user.scopes.length === 0 ? (
                <Text size="xs">nothing beyond the console’s pages (the token has no scopes)</Text>
              ) : (
                // A plain list: Mantine's List would weigh on every page's first load for three lines.
                <ul className={classes.scopes} aria-label="What your sign-in allows">
                  {scopeWords(user.scopes).map((s) => (
                    <li key={s.scope}>
                      {s.allows ?? 'a permission this console does not use'}{' '}
                      <Text span size="xs" c="dimmed">
                        ({s.scope})
                      </Text>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <Text size="xs" data-testid="budget-access">
              <Text span fw={600} size="xs">
                Budgets:
              </Text>{' '}
              {perms.budgetsWhyNot ?? 'available to you'}
            </Text>
            {perms.changeWhyNot && (
              <Text size="xs" data-testid="change-access">
                <Text span fw={600} size="xs">
                  Changes:
                </Text>{' '}
                {perms.changeWhyNot}
              </Text>
            )}
            {!perms.acceptEulas && (
              <Text size="xs">
                <Text span fw={600} size="xs">
                  EULAs:
                </Text>{' '}
                your role can read them but not accept them.
              </Text>
            )}
            <Anchor component={Link} to={paths.connection()} size="sm" onClick={() => setOpen(false)}>
              Connection: check the service and token servers
            </Anchor>
            <Divider />
            <Button variant="default" onClick={() => session.signOut()}>
              Sign out
            </Button>
          </Stack>
        </Paper>
      )}
    </div>
  )
}
