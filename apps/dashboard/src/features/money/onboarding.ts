import type { Role } from '../auth/permissions';

/** Connecting the account that receives payouts binds the business: only its owners start or finish onboarding in the dashboard. */
export function canStartOnboarding(role: Role): boolean {
  return role === 'owner';
}
