import { Progress } from '@mantine/core'

/** The bar across the top while a page loads: its own chunk, which the shell fetches after its first paint. */
export default function NavigationProgress({ className }: { className: string }) {
  return <Progress value={100} animated size="xs" radius={0} className={className} aria-label="Loading" />
}
