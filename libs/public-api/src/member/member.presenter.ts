import type { DashboardSessionResource, InvitationResource, MemberListResource, MemberResource, MEMBER_ROLE_VALUES } from './member.resource';

export interface MemberRecord {
  id: string;
  email: string;
  role: (typeof MEMBER_ROLE_VALUES)[number];
  createdAt: Date;
}

export function presentMember(member: MemberRecord): MemberResource {
  return { id: member.id, email: member.email, role: member.role, created_at: member.createdAt.toISOString() };
}

export function presentMemberList(members: MemberRecord[]): MemberListResource {
  return { data: members.map(presentMember) };
}

export function presentDashboardSession(member: MemberRecord, merchant: { id: string; businessName: string }, csrfToken: string): DashboardSessionResource {
  return { member: presentMember(member), merchant: { id: merchant.id, business_name: merchant.businessName }, csrf_token: csrfToken };
}

export function presentInvitation(invitation: { id: string; email: string; role: MemberRecord['role']; expiresAt: Date }): InvitationResource {
  return { id: invitation.id, email: invitation.email, role: invitation.role, expires_at: invitation.expiresAt.toISOString() };
}
