/** Typed route paths: links and navigation build URLs here, never by hand. */
export const paths = {
  home: () => '/',
  signIn: (next?: string) =>
    next && next !== '/' ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in',
  collections: (search = '') => `/collections${search ? `?${search}` : ''}`,
  collection: (name: string) => `/collections/${encodeURIComponent(name)}`,
  dataProducts: (search = '') => `/data-products${search ? `?${search}` : ''}`,
  areas: () => '/areas',
  catalog: (search = '') => `/catalog${search ? `?${search}` : ''}`,
  /** Catalog searches saved in this browser. */
  savedSearches: () => '/saved-searches',
  providers: (search = '') => `/providers${search ? `?${search}` : ''}`,
  orders: (search = '') => `/orders${search ? `?${search}` : ''}`,
  order: (id: string) => `/orders/${encodeURIComponent(id)}`,
  checkout: (search = '') => `/checkout${search ? `?${search}` : ''}`,
  /** A new tasking request. */
  tasking: () => '/tasking',
  /** A new tasking request filled from a placed tasking order ("Request again"; features/tasking-request reads it). */
  /** The checkout filled with the line of an earlier archive order ("Order again"). */
  checkoutAgain: (orderId: string) => `/checkout?again=${encodeURIComponent(orderId)}`,
  taskingAgain: (orderId: string) => `/tasking?again=${encodeURIComponent(orderId)}`,
  /** The inbox of feasibility studies and quotations; `search` may filter by order (`order=<id>`). */
  decisions: (search = '') => `/decisions${search ? `?${search}` : ''}`,
  study: (id: string) => `/decisions/studies/${encodeURIComponent(id)}`,
  quotation: (id: string) => `/decisions/quotations/${encodeURIComponent(id)}`,
  /** The process catalogue, and one process. */
  processing: (search = '') => `/processing${search ? `?${search}` : ''}`,
  /**
   * `search` may hand inputs to the launch form: `from=<job id>` (run again), or `item=<STAC item URL>` (once
   * per item input, in their order) and `title=`.
   */
  process: (id: string, search = '') => `/processing/${encodeURIComponent(id)}${search ? `?${search}` : ''}`,
  /** The job monitor; `search` is its view (see features/jobs/url-state.ts). */
  jobs: (search = '') => `/jobs${search ? `?${search}` : ''}`,
  job: (id: string) => `/jobs/${encodeURIComponent(id)}`,
  /** The account's EULAs; `search` holds the list's term, sort and page. */
  licences: (search = '') => `/licences${search ? `?${search}` : ''}`,
  /** One EULA; `search` may pick the version shown and the two compared (`version`, `from`, `to`). */
  licence: (id: string, search = '') => `/licences/${encodeURIComponent(id)}${search ? `?${search}` : ''}`,
  /** The budget dashboard; `search` may filter by status. */
  budgets: (search = '') => `/budgets${search ? `?${search}` : ''}`,
  budget: (id: string) => `/budgets/${encodeURIComponent(id)}`,
  /** Stored deliveries; `search` is the browser's view (the contract's filter names, e.g. `order_ids=<id>`). */
  storage: (search = '') => `/storage${search ? `?${search}` : ''}`,
  storageSearch: () => '/storage/search',
  /** The configured service and token servers, checked from the browser (account menu). */
  connection: () => '/connection',
  storageCollection: (id: string) => `/storage/collections/${encodeURIComponent(id)}`,
  /** Two deliveries of one place compared; `search` is its view (see features/change-review/url-state.ts). */
  changeReview: (search = '') => `/change-review${search ? `?${search}` : ''}`,
  /** The change review of one stored item, against the delivery of its place the console proposes. */
  changeReviewOf: (collectionId: string, itemId: string) =>
    `/change-review?${new URLSearchParams({ item: `${encodeURIComponent(collectionId)}/${encodeURIComponent(itemId)}` }).toString()}`,
  storageItem: (collectionId: string, itemId: string) =>
    `/storage/collections/${encodeURIComponent(collectionId)}/items/${encodeURIComponent(itemId)}`,
  /** A time-lapse of a place; `search` names it (`aoi=` or `item=`, see features/timelapse/url-state.ts). */
  timelapse: (search = '') => `/timelapse${search ? `?${search}` : ''}`,
} as const
