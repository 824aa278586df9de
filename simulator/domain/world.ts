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
  ScheduledEvent,
  Scene,
  StacCollectionRecord,
  StacItemRecord,
  User,
  Workspace,
} from './types'

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

  private events: ScheduledEvent[] = []
  private seq = 0

  constructor(
    readonly clock: Clock,
    readonly seedSize: SeedSize,
    seed = 'swath',
  ) {
    this.rng = createRng(`${seed}:runtime`)
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
  schedule(at: number, run: () => void): void {
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
        ev.run()
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
