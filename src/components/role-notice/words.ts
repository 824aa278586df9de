/**
 * What a role may not do on the pages that end in a write, in the words of the contract's `x-forbidden-roles`
 * (decision 14), so a page says it before any work starts and the service's 403 never has to.
 * `permissionsOf(user).change` decides whether they show: the Viewer is the only role kept from these writes.
 */
export const VIEWER_CANNOT_PLACE_ORDERS =
  'Your role (Viewer) can look at orders but cannot place them: ask an account administrator or member.'

export const VIEWER_CANNOT_RUN_JOBS =
  'Your role (Viewer) can look at processing jobs but cannot run them: ask an account administrator or member.'
