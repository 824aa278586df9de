import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useApiClient } from '../../../api/console-context'
import { previewOptions } from '../../../data/catalog/queries'
import classes from './catalog.module.css'

/**
 * A scene's thumbnail, fetched through the authenticated client once it is in view (the cache keeps it, so
 * the basket shows the one its result row fetched). Without one, `fallback` or a placeholder saying why.
 */
export function SceneThumbnail({
  host,
  id,
  enabled,
  visible = true,
  size = 64,
  fallback,
}: {
  host: string
  id: string
  /** Whether the scene's collection has thumbnails (`THUMBNAIL_AVAILABLE`). */
  enabled: boolean
  visible?: boolean
  size?: number
  fallback?: ReactNode
}) {
  const client = useApiClient()
  const { data, isError } = useQuery({
    ...previewOptions(client, 'thumbnail', host, id),
    enabled: enabled && visible,
  })
  const box = { width: size, height: size }
  if (!enabled)
    return (
      fallback ?? (
        <span className={classes.thumb} style={box} data-placeholder="none">
          No preview
        </span>
      )
    )
  if (isError)
    return (
      <span className={classes.thumb} style={box} data-placeholder="error">
        Preview failed
      </span>
    )
  if (!data) return <span className={classes.thumb} style={box} data-placeholder="loading" />
  return (
    <img
      className={classes.thumb}
      style={box}
      src={data}
      alt=""
      data-thumbnail=""
      width={size}
      height={size}
    />
  )
}
