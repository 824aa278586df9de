/** One key space: the checks are asked afresh each time a report mounts or "Check again" is pressed. */
export const connectionKeys = {
  all: ['connection-check'] as const,
  report: (regionIds: string[] | undefined) => [...connectionKeys.all, regionIds ?? 'every region'] as const,
}
