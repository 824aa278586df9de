import { createContext, useContext, useSyncExternalStore } from 'react'
import type { RuntimeConfig } from '../config/runtime-config'
import type { ApiClient } from './client'
import type { LinkFetch } from './links'
import type { Session, SessionSnapshot, SessionUser } from './session'

/** What every part of the console reaches the service through: one client, one session, one config. */
export interface ConsoleServices {
  client: ApiClient
  session: Session
  config: RuntimeConfig
  /** For signed links (EULA documents, downloads): no bearer token. */
  fetchLink: LinkFetch
}

export const ConsoleContext = createContext<ConsoleServices | null>(null)

export function useConsoleServices(): ConsoleServices {
  const services = useContext(ConsoleContext)
  if (!services) throw new Error('This component needs <ConsoleContext.Provider> above it')
  return services
}

/** The one API client, for building query options inside components. */
export function useApiClient(): ApiClient {
  return useConsoleServices().client
}

/** The session as React sees it: re-renders on sign-in, refresh, expiry and sign-out. */
export function useSession(): SessionSnapshot {
  const { session } = useConsoleServices()
  return useSyncExternalStore(session.subscribe, session.getSnapshot)
}

/** The workspace requests act in (the switcher's choice, else the user's first). */
export function useWorkspaceId(): string | null {
  const snap = useSession()
  const list = snap.user?.workspaces ?? []
  return (list.find((w) => w.id === snap.workspaceId) ?? list[0])?.id ?? null
}

/** What the signed-in user may do, from the contract's rules (scopes, role, plan). */
export function permissionsOf(user: SessionUser | null) {
  const scopes = new Set(user?.scopes ?? [])
  const enterprise = user?.plan === 'ENTERPRISE'
  const viewer = user?.role === 'VIEWER'
  const member = user?.role === 'MEMBER'
  // A viewer changes nothing: the service refuses it every write (decision 14 lists them; the contract marks
  // them with x-forbidden-roles). The service notes also keep Members from deciding quotations (they spend
  // the account's credits); they say nothing of Members and studies, so Members may choose study options.
  // Any other role, including one this console does not know, may try. The decision reasons are worded
  // where they are shown (features/tasking), out of every page's first load.
  return {
    /** Budgets: Enterprise plan, `budget.r`, and not the Viewer role. */
    budgets: enterprise && scopes.has('budget.r') && !viewer,
    /** Why budgets are not offered, in plain words; null when they are. */
    budgetsWhyNot: !enterprise
      ? 'Budgets are part of the Enterprise plan; this account is on another plan.'
      : viewer || !scopes.has('budget.r')
        ? 'Your role (Viewer) cannot see budgets. An account administrator can.'
        : null,
    acceptEulas: scopes.has('eula.w'),
    /** Why licences cannot be accepted, the one sentence every page says it in; null when they can. */
    acceptEulasWhyNot: scopes.has('eula.w')
      ? null
      : 'Accepting a license commits the whole account, so only an account administrator (a user with the Admin role) can; your role can read licenses.',
    /** Placing, renaming and cancelling orders, saving areas, running processes, editing stored assets. */
    change: !viewer,
    /** Why those changes are not offered, in plain words; null when they are. */
    changeWhyNot: viewer
      ? 'Your role (Viewer) can look at everything but change nothing: placing orders, saving areas and running processes need an account administrator or member.'
      : null,
    /** Accepting or rejecting a tasking quotation: not the Viewer or Member role. */
    decideQuotations: !viewer && !member,
    /** Choosing a feasibility study's option: not the Viewer role. */
    decideStudies: !viewer,
  }
}
