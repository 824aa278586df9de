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
  providers: (search = '') => `/providers${search ? `?${search}` : ''}`,
  orders: (search = '') => `/orders${search ? `?${search}` : ''}`,
  order: (id: string) => `/orders/${encodeURIComponent(id)}`,
  checkout: (search = '') => `/checkout${search ? `?${search}` : ''}`,
} as const
