import { dashboardLink, invitationMail, signInLinkMail } from './member-mail';

describe('member mail', () => {
  it('puts the token in the fragment of a dashboard page', () => {
    expect(dashboardLink('https://api.example.ca', 'sign-in', 'abc')).toBe('https://api.example.ca/dashboard/sign-in#token=abc');
    expect(dashboardLink('http://localhost:3000', 'accept-invitation', 'xyz')).toBe('http://localhost:3000/dashboard/accept-invitation#token=xyz');
  });

  it('writes the link, the validity and the role into the mails', () => {
    const link = 'https://api.example.ca/dashboard/sign-in#token=abc';
    expect(signInLinkMail('sil_1', 'a@b.ca', link)).toMatchObject({ id: 'sil_1', to: 'a@b.ca', text: expect.stringContaining(link) });
    expect(signInLinkMail('sil_1', 'a@b.ca', link).text).toContain('15 minutes');
    const invitation = invitationMail('inv_1', 'c@d.ca', 'Maple Eats', 'viewer', link);
    expect(invitation.subject).toContain('Maple Eats');
    expect(invitation.text).toContain('as viewer');
    expect(invitation.text).toContain(link);
  });
});
