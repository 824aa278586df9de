import type { Linter } from 'eslint'

export function featureNames(root?: string): string[]
export function boundaries(features?: string[]): Linter.Config[]
export function packageHomes(): Linter.Config[]
export function dataImports(): Linter.Config[]
export const URL_HOMES: { files: string; reason: string }[]
export function oneUrlHome(blocks: Linter.Config[]): Linter.Config[]
