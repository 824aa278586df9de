import { Button, Text } from '@mantine/core'
import { useState } from 'react'
import { useApiClient } from '../../../api/console-context'
import { downloadAsset } from '../download'

/** Downloads one asset through a link signed on click; says why when the service refuses one. */
export function DownloadButton({ href, name, fileName }: { href: string; name: string; fileName?: string }) {
  const client = useApiClient()
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null })
  return (
    <>
      <Button
        size="compact-sm"
        variant="default"
        loading={state.busy}
        aria-label={`Download ${name}`}
        onClick={() => {
          setState({ busy: true, error: null })
          downloadAsset(client, href, fileName).then(
            () => setState({ busy: false, error: null }),
            (e: unknown) =>
              setState({ busy: false, error: e instanceof Error ? e.message : 'The download failed.' }),
          )
        }}
      >
        Download
      </Button>
      {state.error && (
        <Text size="xs" c="red.8" role="alert">
          {state.error}
        </Text>
      )}
    </>
  )
}
