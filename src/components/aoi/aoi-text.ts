export function tooLargeMessage(file: { name: string; size: number }): string {
  return `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; AOI files up to 50 MB are accepted. Simplify it or split it first.`
}
