/**
 * What a role may not do to an order, in the words of the contract's `x-forbidden-roles` (decision 14), so
 * the page says it before anything is tried and the service's 403 never has to. `permissionsOf(user).change`
 * decides whether these show; the Viewer is the only role the contract keeps from these writes.
 */
export const VIEWER_CANNOT_EDIT_ORDERS =
  'Your role (Viewer) can look at orders but cannot rename or retag them: ask an account administrator or member.'

export const VIEWER_CANNOT_CANCEL_ORDERS =
  'Your role (Viewer) can look at orders but cannot cancel them: ask an account administrator or member.'
