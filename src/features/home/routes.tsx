import { HomePage } from './components/home-page'

/** The start page's route module: each card reads its own data, so there is nothing to prefetch. */
export function homeRoute() {
  return { Component: HomePage }
}
