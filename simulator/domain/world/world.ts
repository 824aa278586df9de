import type { Clock } from './clock'
import { createRng, type Rng } from './random'
import type {
  Acceptance,
  Account,
  AssetRecord,
  BudgetRecord,
  EulaRecord,
  JobRecord,
  OrderRecord,
  RefreshTokenRecord,
  S,
  Scene,
  StacCollectionRecord,
  StacItemRecord,
  TaskingFlow,
  User,
  Workspace,
} from './types'

/**
 * What a scheduled event does. It is handed the world it runs in and must reach records through it (by id),
 * never through objects it captured: a copied world (`World.copy`) runs the same functions on its own copies.
 */
export type WorldEvent = (world: World) => void

interface ScheduledEvent {
  at: number
  seq: number
  run: WorldEvent
}

export type SeedSize = 'default' | 'large'

/**
 * All state of one simulated service. Plain maps in insertion order (creation order), mutated only by
 * route handlers and by scheduled events; `reset` throws it away and builds it again from the seed.
 */
export class World {
  readonly rng: Rng
  readonly accounts = new Map<string, Account>()
  readonly users: User[] = []
  readonly workspaces = new Map<string, Workspace>()

  readonly providers: S['Provider'][] = []
  readonly collections: S['Collection'][] = []
  readonly processes: S['Process'][] = []
  readonly scenes: Scene[] = []
  readonly scenesById = new Map<string, Scene>()

  readonly orders = new Map<string, OrderRecord>()
  readonly quotations = new Map<string, S['Quotation']>()
  readonly studies = new Map<string, S['FeasibilityStudy']>()
  readonly geometries = new Map<string, S['SavedGeometry']>()
  readonly jobs = new Map<string, JobRecord>()
  readonly stacCollections = new Map<string, StacCollectionRecord>()
  readonly stacItems = new Map<string, StacItemRecord>()
  readonly assets = new Map<string, AssetRecord>()
  /** Signed download tokens → asset and expiry. */
  readonly downloads = new Map<string, { assetId: string; expiresAt: number; disposition: string }>()
  readonly eulas = new Map<string, EulaRecord>()
  /** `${accountId}:${documentId}` → acceptance. */
  readonly acceptances = new Map<string, Acceptance>()
  readonly budgets = new Map<string, BudgetRecord>()
  readonly refreshTokens = new Map<string, RefreshTokenRecord>()
  /** What the tasking flow remembers per order beyond the contract's fields (simulator/domain/tasking/flow.ts). */
  readonly taskingFlows = new Map<string, TaskingFlow>()
  /**
   * Set through the control plane (`POST /__sim/orders/placement-failures`): how many of the next archive
   * orders placed fail their first placement attempt whatever their id, and the ids already picked so.
   */
  placementFailuresAhead = 0
  readonly forcedPlacementFailures = new Set<string>()

  private events: ScheduledEvent[] = []
  private seq = 0

  constructor(
    readonly clock: Clock,
    readonly seedSize: SeedSize,
    seed: string | Rng = 'swath',
  ) {
    this.rng = typeof seed === 'string' ? createRng(`${seed}:runtime`) : seed
  }

  /**
   * An independent copy of this world on `clock`, as if it had been built the same way: tests build the seeded
   * world once and copy it, because seeding costs hundreds of milliseconds and a copy a few. Records are
   * copied deeply (shared references stay shared within the copy); the archive scenes are shared, as every
   * world already shares them (read-only, see `generateArchive`); the runtime generator is forked where the
   * seed left it; pending events are carried over and run on the copy they are due in.
   */
  copy(clock: Clock): World {
    const copy = new World(clock, this.seedSize, this.rng.fork())
    const memo = new Map<object, unknown>()
    for (const scene of this.scenes) if (!isPlain(scene)) memo.set(scene, scene)
    const own = copy as unknown as Record<string, unknown>
    for (const [key, value] of Object.entries(this)) {
      if (NOT_DATA.has(key)) continue
      // Every other own field is seeded data: copying them all keeps a field added later from being shared.
      own[key] = copyValue(value, memo)
    }
    copy.events = this.events.map((ev) => ({ ...ev }))
    copy.seq = this.seq
    return copy
  }

  /**
   * The simulated time: while a scheduled event runs, its due time, so that what it starts is timed as if the
   * clock had passed through that moment rather than jumped past it.
   */
  now(): number {
    return this.eventTime ?? this.clock.now()
  }

  private eventTime: number | null = null

  /** Runs `run` once the simulated clock reaches `at` (ms). Events run in time order, then in order given. */
  schedule(at: number, run: WorldEvent): void {
    const ev = { at, seq: this.seq++, run }
    // Events are few and mostly appended in time order: insert from the end.
    let i = this.events.length
    while (
      i > 0 &&
      (this.events[i - 1].at > at || (this.events[i - 1].at === at && this.events[i - 1].seq > ev.seq))
    )
      i--
    this.events.splice(i, 0, ev)
  }

  /** Runs every event that is due. Called before each request and after the clock moves. */
  settle(): void {
    const now = this.now()
    // An event may schedule further events that are already due: loop until none is.
    while (this.events.length > 0 && this.events[0].at <= now) {
      const ev = this.events.shift()
      if (!ev) break
      this.eventTime = ev.at
      try {
        ev.run(this)
      } finally {
        this.eventTime = null
      }
    }
  }

  pendingEvents(): number {
    return this.events.length
  }

  userByEmail(email: string): User | undefined {
    const e = email.toLowerCase()
    return this.users.find((u) => u.email === e)
  }

  userById(id: string): User | undefined {
    return this.users.find((u) => u.id === id)
  }

  dataProductById(id: string): { product: S['DataProduct']; collection: S['Collection'] } | undefined {
    for (const collection of this.collections) {
      const product = collection.dataProducts.find((p) => p.id === id)
      if (product) return { product, collection }
    }
    return undefined
  }

  isAccepted(accountId: string, documentId: string): boolean {
    return this.acceptances.has(`${accountId}:${documentId}`)
  }
}

/** Fields of a world that `copy` sets up itself rather than copying as data. */
const NOT_DATA = new Set(['clock', 'seedSize', 'rng', 'events', 'seq', 'eventTime'])

const isPlain = (value: object): boolean => {
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/** A deep copy of seeded data: plain objects, arrays, maps, sets, dates and typed arrays. */
function copyValue(value: unknown, memo: Map<object, unknown>): unknown {
  if (typeof value !== 'object' || value === null) return value
  if (memo.has(value)) return memo.get(value)
  if (Array.isArray(value)) {
    const out: unknown[] = []
    memo.set(value, out)
    for (const item of value) out.push(copyValue(item, memo))
    return out
  }
  if (value instanceof Map) {
    const out = new Map<unknown, unknown>()
    memo.set(value, out)
    for (const [k, v] of value) out.set(copyValue(k, memo), copyValue(v, memo))
    return out
  }
  if (value instanceof Set) {
    const out = new Set<unknown>()
    memo.set(value, out)
    for (const v of value) out.add(copyValue(v, memo))
    return out
  }
  if (value instanceof Date) return new Date(value.getTime())
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) {
    const out = structuredClone(value)
    memo.set(value, out)
    return out
  }
  if (!isPlain(value))
    // A class instance would lose its prototype or be shared by accident: fail loudly instead.
    throw new Error(`World.copy cannot copy a ${value.constructor.name}; teach copyValue about it`)
  const out: Record<string, unknown> = {}
  memo.set(value, out)
  for (const [k, v] of Object.entries(value)) out[k] = copyValue(v, memo)
  return out
}
