import { useCallback, useEffect, useState } from 'react'

/** Frames per second the player offers. */
export const SPEEDS = [0.5, 1, 2, 4] as const
export type Speed = (typeof SPEEDS)[number]

/**
 * Which frame shows, and playing through them in a loop at a speed (frames per second). Small UI state of
 * the page: a frame index is not worth a link (the frames change with the service's answer).
 */
export function usePlayer(count: number) {
  const [index, setIndex] = useState(0)
  const [playing, setPlaying] = useState(false)
  const [speed, setSpeed] = useState<Speed>(1)
  const at = count === 0 ? 0 : Math.min(index, count - 1)
  useEffect(() => {
    if (!playing || count < 2) return
    const timer = setInterval(() => setIndex((i) => (Math.min(i, count - 1) + 1) % count), 1000 / speed)
    return () => clearInterval(timer)
  }, [playing, speed, count])
  const step = useCallback(
    (by: number) => {
      setPlaying(false)
      setIndex((i) => (count === 0 ? 0 : (((Math.min(i, count - 1) + by) % count) + count) % count))
    },
    [count],
  )
  const go = useCallback((i: number) => {
    setPlaying(false)
    setIndex(i)
  }, [])
  const toggle = useCallback(() => setPlaying((p) => !p), [])
  return {
    index: at,
    playing: playing && count > 1,
    toggle,
    step,
    go,
    speed,
    setSpeed,
  }
}

export type Player = ReturnType<typeof usePlayer>

const EDITABLE =
  'input, textarea, select, [contenteditable="true"], [role="slider"], [role="radio"], [role="combobox"]'

/**
 * Space plays and pauses, the left and right arrows step, anywhere on the page but in a field or a control
 * that uses those keys itself (a button's Space is its own click).
 */
export function usePlayerKeys(player: Player, enabled: boolean) {
  const { toggle, step } = player
  useEffect(() => {
    if (!enabled) return
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return
      const target = e.target instanceof Element ? e.target : null
      if (target?.closest(EDITABLE)) return
      if (e.key === ' ' && !target?.closest('button, a')) {
        e.preventDefault()
        toggle()
      } else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
        // The map's own arrow keys pan it: stepping is for the rest of the page.
        if (target?.closest('.maplibregl-canvas-container, canvas')) return
        e.preventDefault()
        step(e.key === 'ArrowRight' ? 1 : -1)
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [enabled, toggle, step])
}
