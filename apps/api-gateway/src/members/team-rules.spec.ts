import { leavesAnOwner } from './team-rules';

describe('leavesAnOwner', () => {
  const team = [
    { id: 'mem_owner', role: 'owner' as const },
    { id: 'mem_dev', role: 'developer' as const },
  ];

  it('refuses to demote or remove the last owner', () => {
    expect(leavesAnOwner(team, { memberId: 'mem_owner', role: 'developer' })).toBe(false);
    expect(leavesAnOwner(team, { memberId: 'mem_owner', role: null })).toBe(false);
  });

  it('allows any change that keeps an owner, promotions included', () => {
    expect(leavesAnOwner(team, { memberId: 'mem_dev', role: null })).toBe(true);
    expect(leavesAnOwner(team, { memberId: 'mem_owner', role: 'owner' })).toBe(true);
    const twoOwners = [...team, { id: 'mem_second', role: 'owner' as const }];
    expect(leavesAnOwner(twoOwners, { memberId: 'mem_owner', role: 'viewer' })).toBe(true);
  });
});
