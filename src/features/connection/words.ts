import type { Outcome, ServiceOutcome, TokenOutcome, Transport } from './checks'
import { DEFAULT_TIMEOUT_MS, SERVICE_PROBE_PATH } from './checks'

/** One line of the connection report: what was checked, how it went, and the sentence that says what to do. */
export interface CheckRow {
  id: 'reachable' | 'origin' | 'answer'
  label: string
  state: 'ok' | 'failed' | 'skipped'
  text: string
}

interface Context {
  /** This page's origin, `https://console.example.com`. */
  origin: string
  clientId: string
}

const DEPLOY = 'see docs/deploy.md'

function reachableRow(o: Outcome, ctx: Context): CheckRow {
  const label = 'Reachable'
  const t = o.transport
  const field = o.target.kind === 'service' ? 'apiUrl' : `authUrl of region “${o.target.id}”`
  if (t.kind === 'answered')
    return { id: 'reachable', label, state: 'ok', text: `Answered HTTP ${t.status}.` }
  if (t.kind === 'cors-refused')
    return {
      id: 'reachable',
      label,
      state: 'ok',
      text: 'It answered, but this page may not read the answer.',
    }
  if (t.kind === 'timeout')
    return {
      id: 'reachable',
      label,
      state: 'failed',
      text: `No answer from ${o.target.probeUrl} within ${DEFAULT_TIMEOUT_MS / 1000} s: check that the server and any proxy in front of it are running, and ${field} in config.json.`,
    }
  const mixed =
    ctx.origin.startsWith('https:') && o.target.probeUrl.startsWith('http:')
      ? ' This page is served over HTTPS and may not call an http: address: use https: in config.json.'
      : ''
  return {
    id: 'reachable',
    label,
    state: 'failed',
    text: `Nothing answered at ${o.target.probeUrl}: check ${field} in config.json, that the server is running and that this computer can reach it.${mixed} A web server with its own Content Security Policy must also list the origin in connect-src (${DEPLOY}).`,
  }
}

const notChecked = (t: Transport) =>
  t.kind === 'cors-refused'
    ? 'Not checked: this page may not read the answer (see above).'
    : 'Not checked: nothing answered.'

function originRow(o: Outcome, ctx: Context): CheckRow {
  const label = 'Allows this site'
  const t = o.transport
  if (t.kind === 'unreachable' || t.kind === 'timeout')
    return { id: 'origin', label, state: 'skipped', text: notChecked(t) }
  if (o.target.sameOrigin)
    return {
      id: 'origin',
      label,
      state: 'ok',
      text: 'Served from the console’s own origin (through its reverse proxy): nothing to allow.',
    }
  if (t.kind === 'cors-refused')
    return {
      id: 'origin',
      label,
      state: 'failed',
      text:
        o.target.kind === 'token-server'
          ? `The token server did not allow this site’s origin (${ctx.origin}): add it to the client’s web origins, or serve the console behind the same origin — ${DEPLOY}.`
          : `The service did not allow this site’s origin (${ctx.origin}): ask its operators to allow it, or serve the console and the service behind the same origin (forward /api/ to it) — ${DEPLOY}.`,
    }
  if ('withToken' in o && o.withToken === 'refused')
    return {
      id: 'origin',
      label,
      state: 'failed',
      text: `The service allows plain requests from ${ctx.origin} but refused one with the Authorization header that every signed-in request carries: its CORS settings must allow that header for this origin, or serve the console and the service behind the same origin — ${DEPLOY}.`,
    }
  return { id: 'origin', label, state: 'ok', text: `Allows ${ctx.origin} (CORS).` }
}

function serviceAnswerRow(o: ServiceOutcome): CheckRow {
  const label = 'Answers as the service'
  const v = o.verdict
  const row = (state: CheckRow['state'], text: string): CheckRow => ({ id: 'answer', label, state, text })
  if (!v) return row('skipped', notChecked(o.transport))
  switch (v.kind) {
    case 'service':
      return row(
        'ok',
        `Its v2 interface listed ${v.collections} collection${v.collections === 1 ? '' : 's'} without a token (the contract has no version endpoint; this public list stands in for one).`,
      )
    case 'web-page':
      return row(
        'failed',
        `A web page answered at ${o.target.probeUrl}, not the service: apiUrl in config.json must point at the service, or the reverse proxy must forward ${o.target.configured}/ to it — ${DEPLOY}.`,
      )
    case 'not-found':
      return row(
        'failed',
        `Something answers at ${o.target.configured} but has no ${SERVICE_PROBE_PATH.split('?')[0]} (HTTP 404): apiUrl in config.json must be the service’s base URL, with no path below it.`,
      )
    case 'needs-token':
      return row(
        'failed',
        `It asked for a token (HTTP ${v.status}) for the collections list, which the service answers without one: apiUrl in config.json probably points at another API.`,
      )
    case 'failing':
      return row(
        'failed',
        `The service is failing (HTTP ${v.status}). This is usually brief: check again in a moment, or tell its operators.`,
      )
    case 'unexpected':
      return row(
        'failed',
        `An unexpected answer (HTTP ${v.status}) to the public collections list: check apiUrl in config.json.`,
      )
  }
}

function tokenAnswerRow(o: TokenOutcome, ctx: Context): CheckRow {
  const label = `Knows the client id “${ctx.clientId}”`
  const v = o.verdict
  const row = (state: CheckRow['state'], text: string): CheckRow => ({ id: 'answer', label, state, text })
  if (!v) return row('skipped', notChecked(o.transport))
  switch (v.kind) {
    case 'client-known':
      return row(
        'ok',
        'A test sign-in with a made-up user was refused for the user, not for the client: the client id is known.',
      )
    case 'client-unknown':
      return row(
        'failed',
        `The token server does not know the client id “${ctx.clientId}”: set clientId in config.json to the client registered for this console.`,
      )
    case 'client-not-allowed':
      return row(
        'failed',
        `The token server knows the client id “${ctx.clientId}” but will not let it sign in with a password${v.description ? ` (“${v.description}”)` : ''}: the client must be public, with the password grant (direct access grants) enabled.`,
      )
    case 'no-endpoint':
      return row(
        'failed',
        `Something answers at ${o.target.configured}, but it has no token endpoint (HTTP ${v.status}): authUrl of region “${o.target.id}” in config.json must be the token server’s base URL, the part before /realms/public/.`,
      )
    case 'web-page':
      return row(
        'failed',
        `A web page answered at ${o.target.probeUrl}, not a token server: authUrl of region “${o.target.id}” in config.json must point at the token server, or the reverse proxy must forward ${o.target.configured}/ to it — ${DEPLOY}.`,
      )
    case 'failing':
      return row(
        'failed',
        `The token server is failing (HTTP ${v.status}). This is usually brief: check again in a moment.`,
      )
    case 'unexpected':
      return row(
        'failed',
        `The token server answered a test sign-in with HTTP ${v.status}${v.description ? ` (“${v.description}”)` : ''}: check authUrl and clientId in config.json.`,
      )
  }
}

/** The report's lines for one service or token server. */
export function rowsOf(o: Outcome, ctx: Context): CheckRow[] {
  return [
    reachableRow(o, ctx),
    originRow(o, ctx),
    o.target.kind === 'service'
      ? serviceAnswerRow(o as ServiceOutcome)
      : tokenAnswerRow(o as TokenOutcome, ctx),
  ]
}

/** "All checks passed", or how many failed: the line a screen reader hears when the checks end. */
export function summaryOf(outcomes: Outcome[], ctx: Context): { ok: boolean; text: string } {
  const failed = outcomes.flatMap((o) => rowsOf(o, ctx)).filter((r) => r.state === 'failed').length
  return failed === 0
    ? { ok: true, text: 'Every check passed: the console can reach the service and its token servers.' }
    : { ok: false, text: `${failed} check${failed === 1 ? '' : 's'} failed: each says what to change.` }
}
