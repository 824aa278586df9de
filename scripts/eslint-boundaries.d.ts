import type { Linter } from 'eslint'

export function featureNames(root?: string): string[]
export function boundaries(features?: string[]): Linter.Config[]
export function packageHomes(): Linter.Config[]
export function dataImports(): Linter.Config[]
