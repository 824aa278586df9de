/** Longitude and latitude as analysts read them: degrees with a hemisphere letter. */
export const formatLon = (x: number): string => `${Math.abs(x).toFixed(4)}° ${x < 0 ? 'W' : 'E'}`
export const formatLat = (y: number): string => `${Math.abs(y).toFixed(4)}° ${y < 0 ? 'S' : 'N'}`
