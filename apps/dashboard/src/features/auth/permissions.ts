export type Role = 'owner' | 'developer' | 'viewer';

/** What a role may change; reading is open to every role but the developers' tools (canUseDeveloperTools). Mirrors the gateway's rule, which answers 403 `role_forbidden`. */
export function canChange(role: Role): boolean {
  return role !== 'viewer';
}

/** Only owners manage the team. */
export function canManageTeam(role: Role): boolean {
  return role === 'owner';
}

/** The developers' tools (the request log): owners and developers only, even to read. */
export function canUseDeveloperTools(role: Role): boolean {
  return role !== 'viewer';
}
