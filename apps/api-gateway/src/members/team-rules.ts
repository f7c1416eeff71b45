import type { MemberRole } from './member-role';

/** A change to one member of a team: a new role, or removal (null). */
export interface TeamChange {
  memberId: string;
  role: MemberRole | null;
}

/** Whether the team still has an owner after the change: a team without one could never be managed again. */
export function leavesAnOwner(team: ReadonlyArray<{ id: string; role: MemberRole }>, change: TeamChange): boolean {
  return team.some((member) => (member.id === change.memberId ? change.role : member.role) === 'owner');
}
