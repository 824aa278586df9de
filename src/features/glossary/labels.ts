import type { components } from '../../api/schema'

type Integration = components['schemas']['Integration']

/** What each integration means for an analyst, in plain words. */
export const INTEGRATION_LABELS: Record<Integration, string> = {
  ACCESS_APPROVAL_REQUIRED: 'Access must be approved before ordering',
  SAMPLE_DATA_AVAILABLE: 'Sample data available',
  MANUAL_REQUEST_REQUIRED: 'Ordered by manual request',
  FEASIBILITY_STUDY_REQUIRED: 'A feasibility study is required',
  FEASIBILITY_STUDY_MAY_BE_REQUIRED: 'A feasibility study may be required',
  QUOTATION_REQUIRED: 'Priced by quotation',
  PRICE_ESTIMATION_AVAILABLE: 'Instant price estimate',
  SEARCH_AVAILABLE: 'Searchable archive',
  THUMBNAIL_AVAILABLE: 'Thumbnails',
  QUICKLOOK_AVAILABLE: 'Quicklooks',
}
