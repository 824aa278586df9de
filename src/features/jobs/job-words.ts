/**
 * A job's failure in plain words: the service names its errors (`EulaNotAccepted`, `InvalidTitle`…) and
 * says something technical; the analyst needs what happened and what to do.
 */
const KNOWN: Record<string, string> = {
  EulaNotAccepted:
    'The process’s licence was not accepted. An administrator accepts it on the Licences page; then run the job again.',
  UnlicensedProcess:
    'The process’s licence was not accepted. An administrator accepts it on the Licences page; then run the job again.',
  InvalidInputs:
    'The inputs did not pass the process’s checks. Open the process, fix the inputs and run it again.',
  InsufficientCredits:
    'The account had too few credits. Add credits or choose a budget with room, then run it again.',
}

export function failureInWords(e: { name: string; message: string }): string {
  const known = KNOWN[e.name]
  if (known) return `${known} (${e.message})`
  return `${e.message}${/[.!?]$/.test(e.message) ? '' : '.'} (${e.name})`
}
