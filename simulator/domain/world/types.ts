import type { components } from '../../../src/api/schema'

/** Every resource the simulator serves is typed by the contract (contract/openapi.yaml). */
export type S = components['schemas']

export type Plan = 'ENTERPRISE' | 'STANDARD'
export type Role = 'ADMIN' | 'MEMBER' | 'VIEWER'

export interface Account {
  id: string
  name: string
  plan: Plan
  /** Credits available; held credits are already taken out of this. */
  creditBalance: number
  heldCredits: number
  budgetSettings: S['BudgetSettings']
}

export interface Workspace {
  id: string
  name: string
  accountId: string
}

export interface User {
  id: string
  email: string
  name: string
  password: string
  accountId: string
  role: Role
  scopes: string[]
  workspaceIds: string[]
}

export interface Scene {
  host: string
  feature: S['CatalogFeature']
  /** [west, south, east, north] of the footprint, for the cheap prefilter. */
  bbox: [number, number, number, number]
  /** Milliseconds since epoch of the acquisition, for date filtering and sorting. */
  time: number
}

export interface OrderRecord {
  order: S['Order']
  /** The AOI (or tasking geometry) of this order. */
  geometry: S['Polygon'] | S['MultiPolygon'] | S['Point']
  /** The order's price in credits, as estimated when it was placed. */
  credits: number
  /** Credits currently held for this order (released or deducted later). */
  heldCredits: number
  params: Record<string, unknown>
  collectionName: string
}

export interface JobRecord {
  job: S['Job']
  /** Price of the job in credits. */
  credits: number
  /** How long it runs once started, in seconds. */
  runSeconds: number
  willFail: boolean
}

export type StacSource = 'ARCHIVE' | 'TASKING' | 'PROCESSING'

export interface StacCollectionRecord {
  collection: S['StacCollection']
  accountId: string
  workspaceId: string
  source: StacSource
  /** true: a transformed collection (cnam=true); false: the raw delivery. */
  transformed: boolean
  orderId?: string
  jobId?: string
  productId?: string
  tags: string[]
  itemIds: string[]
  assetIds: string[]
  createdAt: number
}

export interface StacItemRecord {
  item: S['StacItem']
  collectionId: string
}

export interface AssetRecord {
  id: string
  accountId: string
  collectionId: string
  itemId?: string
  filename: string
  mediaType: string
  seed: string
  /**
   * For an item's imagery: the scene is radar (else optical), and this asset is its Cloud-Optimized GeoTIFF
   * (`data`) or the PNG rendered from it (`preview`). Both are made from the data asset's seed.
   */
  imagery?: { radar: boolean; role: 'data' | 'preview'; seed: string }
  /** Bytes of the file, measured the first time a response states it (rendering every seeded file up front would slow each seed). */
  size?: number
}

export interface EulaRecord {
  id: string
  title: string
  description: string
  documents: EulaDocumentRecord[]
}

export interface EulaDocumentRecord {
  id: string
  eulaId: string
  version: number
  filename: string
  size: number
  validFrom: number
  createdAt: number
  /** Sanitised-by-the-console HTML text of the agreement (the simulator serves it at `url`). */
  text: string
}

export interface Acceptance {
  acceptedAt: number
  acceptedById: string
}

export interface BudgetRecord {
  budget: S['Budget']
  accountId: string
  records: S['BudgetUsageRecord'][]
}

export interface RefreshTokenRecord {
  userId: string
  sessionState: string
  expiresAt: number
  used: boolean
}

/** What the tasking flow remembers about an order beyond the contract's fields: its delivery plan and deliveries. */
export interface TaskingFlow {
  /** The delivery plan, worked out on first use: the bisection costs a few dozen polygon clips. */
  strips?: S['Polygon'][]
  delivered: (S['Polygon'] | S['MultiPolygon'])[]
}
