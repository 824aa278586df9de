import { useLayoutEffect, useRef, useState } from 'react'

/**
 * How wide an element is in device pixels once it is laid out (null before; 512 CSS px where nothing is
 * laid out, as under jsdom). Measured once: a map's imagery is read for the width it first shows.
 */
export function useDevicePxWidth() {
  const box = useRef<HTMLDivElement>(null)
  const [px, setPx] = useState<number | null>(null)
  useLayoutEffect(() => {
    const width = box.current?.clientWidth || 512
    setPx(Math.round(width * (window.devicePixelRatio || 1)))
  }, [])
  return { box, px }
}
