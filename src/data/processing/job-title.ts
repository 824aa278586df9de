/**
 * The name the analyst gave a job: its `title` input, which processes take for the results they make. Null
 * when it has none (the process's title stands in then).
 */
export function jobTitle(job: { definition: { inputs: Record<string, unknown> } }): string | null {
  const t = job.definition.inputs.title
  return typeof t === 'string' && t.trim() !== '' ? t.trim() : null
}
