import { changesState, MemberRole, roleAllows } from './member-role';

describe('roleAllows (the permissions table)', () => {
  const table: Array<[MemberRole, string, boolean, boolean]> = [
    ['owner', 'GET', false, true],
    ['owner', 'POST', false, true],
    ['owner', 'DELETE', true, true],
    ['owner', 'GET', true, true],
    ['developer', 'GET', false, true],
    ['developer', 'POST', false, true],
    ['developer', 'PATCH', false, true],
    ['developer', 'DELETE', false, true],
    ['developer', 'POST', true, false],
    ['developer', 'PATCH', true, false],
    ['viewer', 'GET', false, true],
    ['viewer', 'HEAD', false, true],
    ['viewer', 'POST', false, false],
    ['viewer', 'PUT', false, false],
    ['viewer', 'DELETE', false, false],
    ['viewer', 'POST', true, false],
    ['viewer', 'GET', true, true],
    ['developer', 'GET', true, true],
  ];

  it.each(table)('%s %s (team management: %s) → %s', (role, method, teamManagement, allowed) => {
    expect(roleAllows(role, { method, teamManagement })).toBe(allowed);
  });
});

describe("roleAllows on the caller's own session", () => {
  it('lets every role sign itself out, a viewer included', () => {
    for (const role of ['owner', 'developer', 'viewer'] as const) {
      expect(roleAllows(role, { method: 'DELETE', teamManagement: false, ownSession: true })).toBe(true);
      expect(roleAllows(role, { method: 'POST', teamManagement: false, ownSession: true })).toBe(true);
    }
  });
});

describe("roleAllows on the developers' tools", () => {
  it.each([
    ['owner', true],
    ['developer', true],
    ['viewer', false],
  ] as const)('%s reads them: %s', (role, allowed) => {
    expect(roleAllows(role, { method: 'GET', teamManagement: false, developerTools: true })).toBe(allowed);
  });
});

describe('changesState', () => {
  it('is true for every method but GET, HEAD and OPTIONS, whatever its case', () => {
    expect(['POST', 'put', 'PATCH', 'DELETE'].map(changesState)).toEqual([true, true, true, true]);
    expect(['GET', 'head', 'OPTIONS'].map(changesState)).toEqual([false, false, false]);
  });
});
