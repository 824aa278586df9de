import '@mantine/core/styles/ScrollArea.css'
import { Autocomplete } from '@mantine/core'
import { useMemo, useState } from 'react'
import { loadGazetteer, placeLabel, placeZoom, searchPlaces, type Place } from './gazetteer'

export interface PlaceSearchProps {
  /** A place was picked (a suggestion, or Enter on what is typed): the map flies there. */
  onPick: (center: [number, number], zoom: number) => void
  /** What was typed into the field before this one replaced it (place-search-field.tsx). */
  initialValue?: string
  /** Takes focus at once: the field it replaced had it. */
  autoFocus?: boolean
}

/**
 * "Go to a place": the offline gazetteer of Natural Earth's populated places, fetched the first time the
 * field takes focus, with suggestions ranked by how well the name matches and how important the place is.
 * Loaded by PlaceSearchField once the analyst reaches for it, so no page's first load carries it.
 */
export function PlaceSearch({ onPick, initialValue = '', autoFocus }: PlaceSearchProps) {
  const [places, setPlaces] = useState<Place[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [value, setValue] = useState(initialValue)
  // Open while the analyst types; closed once a place is picked (its name stays in the field).
  const [opened, setOpened] = useState(initialValue !== '')
  const hits = useMemo(() => (places ? searchPlaces(places, value) : []), [places, value])
  const byLabel = useMemo(() => new Map(hits.map((p) => [placeLabel(p), p])), [hits])

  function load() {
    if (places) return
    loadGazetteer().then(setPlaces, () => setFailed(true))
  }

  function pick(label: string) {
    const place = byLabel.get(label) ?? hits[0]
    if (!place) return
    setValue(placeLabel(place))
    setOpened(false)
    onPick([place.lon, place.lat], placeZoom(place))
  }

  return (
    <Autocomplete
      aria-label="Go to a place"
      placeholder="Go to a place"
      autoFocus={autoFocus}
      size="xs"
      w={240}
      value={value}
      onChange={(v) => {
        setValue(v)
        setOpened(true)
      }}
      dropdownOpened={opened && byLabel.size > 0}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      onFocus={load}
      data={[...byLabel.keys()]}
      // The gazetteer ranks; the field shows its answer as it is.
      filter={({ options }) => options}
      selectFirstOptionOnChange
      onOptionSubmit={pick}
      onKeyDown={(e) => {
        // Enter with the list closed (or before the first suggestion is highlighted) goes to the best match.
        if (e.key === 'Enter' && !e.defaultPrevented) pick(value)
      }}
      error={failed ? 'The place list did not load' : undefined}
      comboboxProps={{ withinPortal: true }}
      clearable
    />
  )
}
