import '@mantine/core/styles/ScrollArea.css'
import { Select } from '@mantine/core'
import { PAGE_SIZES, type PageSize } from '../url-state'

export function PageSizeSelect({ value, onChange }: { value: PageSize; onChange: (size: PageSize) => void }) {
  return (
    <Select<PageSize>
      label="Rows per page"
      value={value}
      data={PAGE_SIZES.map((s) => ({ value: s, label: String(s) }))}
      allowDeselect={false}
      onChange={(v) => {
        if (v !== null) onChange(v)
      }}
      w={130}
    />
  )
}
