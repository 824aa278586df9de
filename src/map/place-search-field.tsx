import { TextInput } from '@mantine/core'
import { useRef, useState, type ComponentType } from 'react'
import type { PlaceSearchProps } from './place-search'

/**
 * "Go to a place" as a page first shows it: a plain field that looks like the real one. The real field
 * (`PlaceSearch`: Mantine's Autocomplete with its popover and floating-ui, 34 KiB gzip) loads when the
 * pointer comes over this one or it takes focus, not with the map (decision 29); it loads beside the
 * gazetteer, which the field has always fetched on first focus. What is typed meanwhile and the focus carry
 * over to it.
 */
export function PlaceSearchField({
  onPick,
  initialValue = '',
}: Pick<PlaceSearchProps, 'onPick' | 'initialValue'>) {
  const [Field, setField] = useState<ComponentType<PlaceSearchProps> | null>(null)
  const [value, setValue] = useState(initialValue)
  const [focused, setFocused] = useState(false)
  const loading = useRef(false)

  function load() {
    if (loading.current) return
    loading.current = true
    import('./place-search').then(
      (m) => setField(() => m.PlaceSearch),
      // Offline or a new deployment: the next hover or focus tries again.
      () => (loading.current = false),
    )
  }

  if (Field) return <Field onPick={onPick} initialValue={value} autoFocus={focused} />
  return (
    <TextInput
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="list"
      aria-label="Go to a place"
      placeholder="Go to a place"
      size="xs"
      w={240}
      value={value}
      onChange={(e) => setValue(e.currentTarget.value)}
      onPointerEnter={load}
      onFocus={() => {
        setFocused(true)
        load()
      }}
      onBlur={() => setFocused(false)}
    />
  )
}
