import { describe, expect, it } from 'vitest'
import { permissionsOf } from '../../api/console-context'
import type { SessionUser } from '../../api/session'
import { whyCannotChooseOptions, whyCannotDecideQuotations } from './words'

// The decision rules live in `permissionsOf`; this area is what uses them, so it tests them.
const user = (role: string): SessionUser => ({
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  email: 'x@swath.test',
  name: 'X',
  role,
  accountId: 'a1b2c3d4-0000-4000-8000-000000000002',
  plan: 'ENTERPRISE',
  scopes: ['account'],
  workspaces: [],
})

describe('who may take tasking decisions', () => {
  it('keeps a Viewer from deciding anything, with why', () => {
    const p = permissionsOf(user('VIEWER'))
    expect(p.decideQuotations).toBe(false)
    expect(p.decideStudies).toBe(false)
    expect(whyCannotDecideQuotations('VIEWER')).toMatch(
      /^Your role \(Viewer\) can look at tasking decisions but cannot take them: ask an account administrator/,
    )
    expect(whyCannotChooseOptions('VIEWER')).toBe(whyCannotDecideQuotations('VIEWER'))
  })

  it('keeps a Member from quotations only: the service notes say nothing of Members and studies', () => {
    const p = permissionsOf(user('MEMBER'))
    expect(p.decideQuotations).toBe(false)
    expect(whyCannotDecideQuotations('MEMBER')).toMatch(
      /^Your role \(Member\) can look at quotations but cannot accept or reject them/,
    )
    expect(p.decideStudies).toBe(true)
    expect(whyCannotChooseOptions('MEMBER')).toBeNull()
  })

  it('lets any other role try, including one the console does not know', () => {
    for (const role of ['ADMIN', 'OWNER']) {
      const p = permissionsOf(user(role))
      expect([p.decideQuotations, p.decideStudies]).toEqual([true, true])
      expect([whyCannotDecideQuotations(role), whyCannotChooseOptions(role)]).toEqual([null, null])
    }
  })
})
