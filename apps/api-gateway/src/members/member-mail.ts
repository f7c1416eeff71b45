import type { OutgoingMail } from '@sdd/runtime';
import type { MemberRole } from './member-role';

/** The dashboard's page that redeems a link; the token rides in the fragment, which browsers never send to a server or a Referer. */
export function dashboardLink(publicBaseUrl: string, page: 'sign-in' | 'accept-invitation', token: string): string {
  return `${publicBaseUrl}/dashboard/${page}#token=${token}`;
}

export function signInLinkMail(id: string, to: string, link: string): OutgoingMail {
  return {
    id,
    to,
    subject: 'Your sign-in link',
    text: `Sign in to your dashboard with this link. It works once, within 15 minutes:\n\n${link}\n\nIf you did not ask for it, ignore this email.\n`,
  };
}

export function invitationMail(id: string, to: string, businessName: string, role: MemberRole, link: string): OutgoingMail {
  return {
    id,
    to,
    subject: `You are invited to ${businessName}'s dashboard`,
    text: `You are invited to join ${businessName}'s team as ${role}. Choose a password to accept; the link works once, within 7 days:\n\n${link}\n`,
  };
}
