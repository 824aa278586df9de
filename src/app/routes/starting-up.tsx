/** What shows while the first page's chunk and its loader's data arrive. */
export function StartingUp() {
  return (
    <p role="status" style={{ padding: 24, fontFamily: 'system-ui, sans-serif' }}>
      Starting Swath…
    </p>
  )
}
