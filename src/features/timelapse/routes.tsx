import type { RouteObject } from 'react-router'
import { TimelapsePage } from './components/timelapse-page'

type RoutePart = Pick<RouteObject, 'Component'>

/** The time-lapse of a place: its search and reads start from the page (they need the map's width). */
export function timelapseRoute(): RoutePart {
  return { Component: TimelapsePage }
}
