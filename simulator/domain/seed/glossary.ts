import { dataProductId, eulaId } from '../world/ids'
import { uuidFrom } from '../world/random'
import type { EulaRecord, S } from '../world/types'

/**
 * The public glossary of the simulated service: providers, collections with their data products, and the
 * EULAs those products link to. Ids are derived from names so they survive resets and seed sizes.
 */

type Integration = S['Integration']

export const PROVIDERS: S['Provider'][] = [
  {
    name: 'airbus',
    title: 'Airbus Defence and Space',
    description: 'Producer of the Pléiades, Pléiades Neo and SPOT constellations.',
    roles: ['PRODUCER'],
  },
  {
    name: 'oneatlas',
    title: 'OneAtlas',
    description: 'Archive host for Airbus optical imagery.',
    roles: ['HOST'],
  },
  {
    name: 'capellaspace',
    title: 'Capella Space',
    description: 'Synthetic-aperture radar constellation; hosts its own archive.',
    roles: ['PRODUCER', 'HOST'],
  },
  {
    name: 'blacksky',
    title: 'BlackSky',
    description: 'High-revisit optical constellation with its own archive.',
    roles: ['PRODUCER', 'HOST'],
  },
  {
    name: 'nearspace',
    title: 'Near Space Labs',
    description: 'Stratospheric aerial imagery at 30 cm.',
    roles: ['PRODUCER', 'HOST'],
  },
]

const provider = (name: string): S['Provider'] => {
  const p = PROVIDERS.find((x) => x.name === name)
  if (!p) throw new Error(`unknown provider ${name}`)
  return p
}

interface CollectionSeed {
  name: string
  title: string
  description: string
  type: S['CollectionType']
  integrations: Integration[]
  producer: string
  host?: string
  metadata: S['CollectionMetadata']
  products: { name: string; title: string; description: string; eula: string; orderable?: boolean }[]
}

const ARCHIVE_BASE: Integration[] = ['SEARCH_AVAILABLE', 'PRICE_ESTIMATION_AVAILABLE']

const SEEDS: CollectionSeed[] = [
  {
    name: 'phr',
    title: 'Pléiades',
    description: 'Very high resolution optical imagery at 50 cm, four multispectral bands.',
    type: 'ARCHIVE',
    integrations: [...ARCHIVE_BASE, 'THUMBNAIL_AVAILABLE', 'QUICKLOOK_AVAILABLE'],
    producer: 'airbus',
    host: 'oneatlas',
    metadata: {
      productType: 'OPTICAL',
      resolutionClass: 'VERY_HIGH',
      resolutionValue: { minimum: 0.5, maximum: 0.7 },
    },
    products: [
      {
        name: 'phr-display',
        title: 'Pléiades Display',
        description: 'Pansharpened true-color 8-bit product.',
        eula: 'airbus',
      },
      {
        name: 'phr-analytic',
        title: 'Pléiades Analytic',
        description: 'Multispectral 12-bit reflectance product.',
        eula: 'airbus',
      },
    ],
  },
  {
    name: 'pneo',
    title: 'Pléiades Neo',
    description: 'Optical imagery at 30 cm with six bands, including red edge and deep blue.',
    type: 'ARCHIVE',
    integrations: [...ARCHIVE_BASE, 'THUMBNAIL_AVAILABLE', 'QUICKLOOK_AVAILABLE', 'ACCESS_APPROVAL_REQUIRED'],
    producer: 'airbus',
    host: 'oneatlas',
    metadata: {
      productType: 'OPTICAL',
      resolutionClass: 'VERY_HIGH',
      resolutionValue: { minimum: 0.3, maximum: 0.4 },
    },
    products: [
      {
        name: 'pneo-display',
        title: 'Pléiades Neo Display',
        description: 'Pansharpened true-color product.',
        eula: 'airbus',
      },
    ],
  },
  {
    name: 'spot',
    title: 'SPOT',
    description: 'Optical imagery at 1.5 m with a 60 km swath, for wide-area mapping.',
    type: 'ARCHIVE',
    integrations: [...ARCHIVE_BASE, 'THUMBNAIL_AVAILABLE', 'QUICKLOOK_AVAILABLE', 'SAMPLE_DATA_AVAILABLE'],
    producer: 'airbus',
    host: 'oneatlas',
    metadata: {
      productType: 'OPTICAL',
      resolutionClass: 'HIGH',
      resolutionValue: { minimum: 1.5, maximum: 1.5 },
    },
    products: [
      {
        name: 'spot-display',
        title: 'SPOT Display',
        description: 'Pansharpened true-color product.',
        eula: 'airbus',
      },
    ],
  },
  {
    name: 'capella-gec',
    title: 'Capella SAR Geocoded',
    description: 'X-band radar imagery, geocoded ellipsoid corrected; sees through clouds and at night.',
    type: 'ARCHIVE',
    integrations: [...ARCHIVE_BASE, 'QUICKLOOK_AVAILABLE'],
    producer: 'capellaspace',
    host: 'capellaspace',
    metadata: {
      productType: 'SAR',
      resolutionClass: 'VERY_HIGH',
      resolutionValue: { minimum: 0.5, maximum: 1.2 },
    },
    products: [
      {
        name: 'capella-gec-full',
        title: 'Capella GEC full scene',
        description: 'Full scene, no clipping.',
        eula: 'capella',
      },
    ],
  },
  {
    name: 'blacksky-archive',
    title: 'BlackSky Archive',
    description: 'Rapid-revisit optical imagery at about 1 m.',
    type: 'ARCHIVE',
    integrations: [...ARCHIVE_BASE, 'THUMBNAIL_AVAILABLE', 'QUICKLOOK_AVAILABLE'],
    producer: 'blacksky',
    host: 'blacksky',
    metadata: {
      productType: 'OPTICAL',
      resolutionClass: 'HIGH',
      resolutionValue: { minimum: 0.8, maximum: 1.1 },
    },
    products: [
      {
        name: 'blacksky-ortho',
        title: 'BlackSky Ortho',
        description: 'Orthorectified RGB product.',
        eula: 'blacksky',
      },
    ],
  },
  {
    name: 'nsl-30cm',
    title: 'Near Space Labs 30 cm',
    description: 'Aerial imagery at 30 cm over North American cities.',
    type: 'ARCHIVE',
    integrations: [...ARCHIVE_BASE],
    producer: 'nearspace',
    host: 'nearspace',
    metadata: {
      productType: 'OPTICAL',
      resolutionClass: 'VERY_HIGH',
      resolutionValue: { minimum: 0.3, maximum: 0.3 },
    },
    products: [
      {
        name: 'nsl-mosaic',
        title: 'NSL mosaic',
        description: 'Color mosaic clipped to the AOI.',
        eula: 'nearspace',
      },
    ],
  },
  {
    name: 'phr-tasking',
    title: 'Pléiades Tasking',
    description:
      'New 50 cm acquisitions over your area; large or difficult areas may need a feasibility study.',
    type: 'TASKING',
    integrations: ['FEASIBILITY_STUDY_MAY_BE_REQUIRED', 'QUOTATION_REQUIRED'],
    producer: 'airbus',
    metadata: {
      productType: 'OPTICAL',
      resolutionClass: 'VERY_HIGH',
      resolutionValue: { minimum: 0.5, maximum: 0.7 },
    },
    products: [
      {
        name: 'phr-tasking-display',
        title: 'Pléiades Tasking Display',
        description: 'Tasked true-color product.',
        eula: 'airbus',
      },
    ],
  },
  {
    name: 'pneo-tasking',
    title: 'Pléiades Neo Tasking',
    description: 'New 30 cm acquisitions; every request goes through a feasibility study and a quotation.',
    type: 'TASKING',
    integrations: ['FEASIBILITY_STUDY_REQUIRED', 'QUOTATION_REQUIRED'],
    producer: 'airbus',
    metadata: {
      productType: 'OPTICAL',
      resolutionClass: 'VERY_HIGH',
      resolutionValue: { minimum: 0.3, maximum: 0.4 },
    },
    products: [
      {
        name: 'pneo-tasking-display',
        title: 'Pléiades Neo Tasking Display',
        description: 'Tasked true-color product.',
        eula: 'airbus',
      },
    ],
  },
  {
    name: 'capella-tasking',
    title: 'Capella SAR Tasking',
    description: 'New radar acquisitions day or night; priced by quotation.',
    type: 'TASKING',
    integrations: ['QUOTATION_REQUIRED'],
    producer: 'capellaspace',
    metadata: {
      productType: 'SAR',
      resolutionClass: 'VERY_HIGH',
      resolutionValue: { minimum: 0.5, maximum: 1.2 },
    },
    products: [
      {
        name: 'capella-tasking-spotlight',
        title: 'Capella Tasking Spotlight',
        description: 'Spotlight mode acquisition.',
        eula: 'capella',
      },
    ],
  },
  {
    name: 'blacksky-tasking',
    title: 'BlackSky Tasking',
    description: 'Rapid tasking with a fixed price per order; no study or quotation needed.',
    type: 'TASKING',
    integrations: ['PRICE_ESTIMATION_AVAILABLE'],
    producer: 'blacksky',
    metadata: {
      productType: 'OPTICAL',
      resolutionClass: 'HIGH',
      resolutionValue: { minimum: 0.8, maximum: 1.1 },
    },
    products: [
      {
        name: 'blacksky-tasking-standard',
        title: 'BlackSky Tasking Standard',
        description: 'Standard priority.',
        eula: 'blacksky',
      },
      {
        name: 'blacksky-tasking-preview',
        title: 'BlackSky Tasking Preview',
        description: 'Not orderable yet (no id).',
        eula: 'blacksky',
        orderable: false,
      },
    ],
  },
]

export function buildCollections(): S['Collection'][] {
  return SEEDS.map((c) => ({
    name: c.name,
    title: c.title,
    description: c.description,
    type: c.type,
    integrations: c.integrations,
    providers:
      c.host && c.host !== c.producer ? [provider(c.producer), provider(c.host)] : [provider(c.producer)],
    dataProducts: c.products.map((p) => ({
      ...(p.orderable === false ? {} : { id: dataProductId(c.name, p.name) }),
      name: p.name,
      title: p.title,
      description: p.description,
      eulaId: eulaId(p.eula),
      collectionName: c.name,
    })),
    metadata: c.metadata,
  }))
}

const EULA_SEEDS = [
  {
    key: 'airbus',
    title: 'Airbus optical imagery license',
    description: 'Terms for Pléiades, Pléiades Neo and SPOT products, archive and tasking.',
    versions: 2,
  },
  {
    key: 'capella',
    title: 'Capella Space SAR license',
    description: 'Terms for Capella radar products.',
    versions: 1,
  },
  {
    key: 'blacksky',
    title: 'BlackSky imagery license',
    description: 'Terms for BlackSky archive and tasking products.',
    versions: 1,
  },
  {
    key: 'nearspace',
    title: 'Near Space Labs license',
    description: 'Terms for Near Space Labs aerial mosaics.',
    versions: 1,
  },
  {
    key: 'processing',
    title: 'Analytics processing terms',
    description: 'Terms for detection and enhancement processes.',
    versions: 1,
  },
  {
    key: 'orbital-insight',
    title: 'Orbital Insight analytics license',
    description: 'Terms for Orbital Insight vehicle and aircraft detection.',
    versions: 1,
  },
]

/** The EULAs of `seeds` (default: the demo world's), each version in force 90 days after the one before. */
export function buildEulas(
  epoch: number,
  seeds: readonly { key: string; title: string; description: string; versions: number }[] = EULA_SEEDS,
): EulaRecord[] {
  return seeds.map((e) => {
    const id = eulaId(e.key)
    return {
      id,
      title: e.title,
      description: e.description,
      documents: Array.from({ length: e.versions }, (_, i) => {
        const version = i + 1
        const validFrom = epoch - (e.versions - i) * 90 * 86_400_000
        const text = eulaText(e.title, version)
        return {
          id: uuidFrom(`eula-document:${e.key}:${version}`),
          eulaId: id,
          version,
          filename: `${version}.html`,
          size: text.length,
          validFrom,
          createdAt: validFrom - 7 * 86_400_000,
          text,
        }
      }),
    }
  })
}

function eulaText(title: string, version: number): string {
  return [
    `<h1>${title}, version ${version}</h1>`,
    '<p>The licensee may use the licensed imagery for internal purposes and may publish derived products ',
    'that do not allow the original imagery to be reconstructed.</p>',
    '<h2>Restrictions</h2><ul><li>No resale of original imagery.</li><li>Attribution is required on publication.</li></ul>',
    // Deliberately hostile markup: the console must sanitise documents before showing them.
    '<p onclick="alert(1)">Questions go to the provider.</p><script>window.__eulaScriptRan = true</script>',
  ].join('')
}
