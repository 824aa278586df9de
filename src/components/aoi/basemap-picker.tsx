import { NativeSelect } from '@mantine/core'
import { useConsoleServices } from '../../api/console-context'

/** The basemap choice (offline Natural Earth or a configured online style), with its picker. */
export function BasemapPicker({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { basemaps } = useConsoleServices().config
  if (basemaps.length === 0) return null
  return (
    <NativeSelect
      label="Basemap"
      size="xs"
      mb="xs"
      maw={260}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={[
        { value: 'offline', label: 'Natural Earth (offline)' },
        ...basemaps.map((b) => ({ value: b.styleUrl, label: b.label })),
      ]}
    />
  )
}
