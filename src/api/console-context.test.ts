import { describe, expect, it } from 'vitest'
import { permissionsOf } from './console-context'
import type { SessionUser } from './session'

const user = (role: string, scopes = ['account']): SessionUser => ({
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  email: 'x@swath.test',
  name: 'X',
  role,
  accountId: 'a1b2c3d4-0000-4000-8000-000000000002',
  plan: 'ENTERPRISE',
  scopes,
  workspaces: [],
})

describe('what a role may change (decision 14)', () => {
  it('offers the Viewer no changes, and says why and whom to ask', () => {
    const p = permissionsOf(user('VIEWER'))
    expect(p.change).toBe(false)
    expect(p.changeWhyNot).toMatch(/^Your role \(Viewer\) can look at everything but change nothing/)
    expect(p.changeWhyNot).toMatch(/account administrator or member/)
  })

  it.each(['ADMIN', 'MEMBER', 'SOMETHING_NEW'])('lets %s try changes', (role) => {
    const p = permissionsOf(user(role, ['account', 'eula.w', 'budget.r']))
    expect([p.change, p.changeWhyNot]).toEqual([true, null])
  })

  it('signed out: no reason to show', () => {
    expect(permissionsOf(null).changeWhyNot).toBeNull()
  })
})
