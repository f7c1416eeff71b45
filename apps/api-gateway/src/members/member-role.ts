import { MEMBER_ROLE_VALUES } from '@sdd/public-api';

/** A member's role in its merchant's team. */
export const MEMBER_ROLES = MEMBER_ROLE_VALUES;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** What a request asks of the caller's role. */
export interface RoleRequirement {
  /** The HTTP method: anything but GET and HEAD changes state. */
  method: string;
  /** The route manages the team (invitations, members' roles and removal). */
  teamManagement: boolean;
  /** The route acts on the caller's own session only (signing out): every member may, viewers included. */
  ownSession?: boolean;
  /** The route is one of the developers' tools (the request log, whose bodies show the integration's data): no viewer, even to read. */
  developerTools?: boolean;
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * The permissions table: every member reads (the team too) but the
 * developers' tools; an owner changes everything; a developer everything but
 * the team (keys, webhooks, logs, deliveries); a viewer nothing but end its
 * own sessions, and reads no developers' tool.
 */
export function roleAllows(role: MemberRole, requirement: RoleRequirement): boolean {
  if (requirement.developerTools) return role !== 'viewer';
  if (READ_METHODS.has(requirement.method.toUpperCase()) || requirement.ownSession) return true;
  if (requirement.teamManagement) return role === 'owner';
  return role !== 'viewer';
}

/** Whether the request changes state, and so needs the session's CSRF token. */
export function changesState(method: string): boolean {
  return !READ_METHODS.has(method.toUpperCase()) && method.toUpperCase() !== 'OPTIONS';
}
