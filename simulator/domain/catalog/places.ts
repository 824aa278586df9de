import type { BBox } from './prepared-polygon'

/** The places the archive's scenes cluster around, and the land its scattered scenes fall on. */

export type PlaceKind = 'city' | 'delta' | 'forest' | 'mine' | 'port' | 'polar'

export interface Place {
  name: string
  lon: number
  lat: number
  kind: PlaceKind
  /** Set on North American cities: the code Near Space Labs uses in its scene ids. */
  na?: string
}

/** Where the archive's scenes cluster: cities, deltas, forests, mines and ports on every continent. */
export const PLACES: readonly Place[] = [
  { name: 'Paris', lon: 2.3522, lat: 48.8566, kind: 'city' },
  { name: 'London', lon: -0.1276, lat: 51.5072, kind: 'city' },
  { name: 'Berlin', lon: 13.405, lat: 52.52, kind: 'city' },
  { name: 'Madrid', lon: -3.7038, lat: 40.4168, kind: 'city' },
  { name: 'Istanbul', lon: 28.9784, lat: 41.0082, kind: 'city' },
  { name: 'Moscow', lon: 37.6173, lat: 55.7558, kind: 'city' },
  { name: 'New York', lon: -74.006, lat: 40.7128, kind: 'city', na: 'NYC' },
  { name: 'Los Angeles', lon: -118.2437, lat: 34.0522, kind: 'city', na: 'LAX' },
  { name: 'Chicago', lon: -87.6298, lat: 41.8781, kind: 'city', na: 'CHI' },
  { name: 'Houston', lon: -95.3698, lat: 29.7604, kind: 'city', na: 'HOU' },
  { name: 'San Francisco', lon: -122.4194, lat: 37.7749, kind: 'city', na: 'SFO' },
  { name: 'Toronto', lon: -79.3832, lat: 43.6532, kind: 'city', na: 'TOR' },
  { name: 'Mexico City', lon: -99.1332, lat: 19.4326, kind: 'city' },
  { name: 'São Paulo', lon: -46.6333, lat: -23.5505, kind: 'city' },
  { name: 'Buenos Aires', lon: -58.3816, lat: -34.6037, kind: 'city' },
  { name: 'Lima', lon: -77.0428, lat: -12.0464, kind: 'city' },
  { name: 'Cairo', lon: 31.2357, lat: 30.0444, kind: 'city' },
  { name: 'Lagos', lon: 3.3792, lat: 6.5244, kind: 'city' },
  { name: 'Nairobi', lon: 36.8219, lat: -1.2921, kind: 'city' },
  { name: 'Johannesburg', lon: 28.0473, lat: -26.2041, kind: 'city' },
  { name: 'Dubai', lon: 55.2708, lat: 25.2048, kind: 'city' },
  { name: 'Mumbai', lon: 72.8777, lat: 19.076, kind: 'city' },
  { name: 'Delhi', lon: 77.209, lat: 28.6139, kind: 'city' },
  { name: 'Beijing', lon: 116.4074, lat: 39.9042, kind: 'city' },
  { name: 'Shanghai', lon: 121.4737, lat: 31.2304, kind: 'city' },
  { name: 'Tokyo', lon: 139.6917, lat: 35.6895, kind: 'city' },
  { name: 'Seoul', lon: 126.978, lat: 37.5665, kind: 'city' },
  { name: 'Singapore', lon: 103.8198, lat: 1.3521, kind: 'city' },
  { name: 'Jakarta', lon: 106.8456, lat: -6.2088, kind: 'city' },
  { name: 'Sydney', lon: 151.2093, lat: -33.8688, kind: 'city' },
  { name: 'Auckland', lon: 174.7633, lat: -36.8485, kind: 'city' },
  { name: 'Nile Delta', lon: 31.0, lat: 30.9, kind: 'delta' },
  { name: 'Ganges Delta', lon: 89.5, lat: 22.3, kind: 'delta' },
  { name: 'Mekong Delta', lon: 105.8, lat: 9.9, kind: 'delta' },
  { name: 'Mississippi Delta', lon: -89.6, lat: 29.3, kind: 'delta' },
  { name: 'Amazon (Rondônia)', lon: -63.0, lat: -10.0, kind: 'forest' },
  { name: 'Congo Basin', lon: 21.0, lat: -0.5, kind: 'forest' },
  { name: 'Borneo (Kalimantan)', lon: 113.9, lat: -0.9, kind: 'forest' },
  { name: 'Chuquicamata', lon: -68.9, lat: -22.29, kind: 'mine' },
  { name: 'Pilbara iron mines', lon: 119.67, lat: -23.36, kind: 'mine' },
  { name: 'Grasberg', lon: 137.116, lat: -4.053, kind: 'mine' },
  { name: 'Kiruna', lon: 20.2, lat: 67.85, kind: 'mine' },
  { name: 'Carajás', lon: -50.17, lat: -6.06, kind: 'mine' },
  { name: 'Rotterdam', lon: 4.0, lat: 51.95, kind: 'port' },
  { name: 'Hamburg', lon: 9.97, lat: 53.54, kind: 'port' },
  { name: 'Port of Santos', lon: -46.3, lat: -23.98, kind: 'port' },
  { name: 'Port Hedland', lon: 118.58, lat: -20.31, kind: 'port' },
  { name: 'Suez Canal', lon: 32.35, lat: 30.6, kind: 'port' },
  { name: 'Panama Canal', lon: -79.7, lat: 9.1, kind: 'port' },
  { name: 'McMurdo Station', lon: 166.67, lat: -77.85, kind: 'polar' },
]

/** Near Space Labs flies over North American cities only. */
export const NSL_CITIES: readonly Place[] = [
  ...PLACES.filter((p) => p.na),
  { name: 'Miami', lon: -80.1918, lat: 25.7617, kind: 'city', na: 'MIA' },
  { name: 'Seattle', lon: -122.3321, lat: 47.6062, kind: 'city', na: 'SEA' },
  { name: 'Phoenix', lon: -112.074, lat: 33.4484, kind: 'city', na: 'PHX' },
  { name: 'Dallas', lon: -96.797, lat: 32.7767, kind: 'city', na: 'DAL' },
  { name: 'Denver', lon: -104.9903, lat: 39.7392, kind: 'city', na: 'DEN' },
  { name: 'Atlanta', lon: -84.388, lat: 33.749, kind: 'city', na: 'ATL' },
]

/** Rectangles that lie (almost) entirely over land, for the scenes scattered away from the places. */
export const LAND: readonly BBox[] = [
  [-5, 18, 25, 28], // Sahara
  [42, 18, 52, 26], // Arabian interior
  [120, -30, 145, -20], // central Australia
  [-104, 33, -92, 46], // Great Plains
  [-115, 50, -95, 58], // Canadian prairies
  [-70, -12, -52, -3], // Amazon interior
  [-66, -38, -60, -30], // Pampas
  [5, 45, 25, 52], // central Europe
  [60, 52, 110, 62], // Siberia
  [55, 44, 80, 50], // Kazakhstan
  [74, 16, 84, 26], // Deccan
  [100, 28, 115, 38], // central China
  [15, -10, 30, 5], // Congo
  [30, -10, 38, 5], // East Africa
  [18, -30, 30, -18], // southern Africa
  [95, 43, 115, 48], // Mongolia
  [-106, 20, -99, 28], // Mexican plateau
  [50, 28, 60, 36], // Iran
  [24, 62, 30, 68], // Finland
]
