// The start page lives in features/home; this module keeps the router's lazy import in one place.
export { HomePage } from '../../features/home/components/home-page'
