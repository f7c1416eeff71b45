import { formatDateTime } from '../../lib/format';
import { useSignedIn } from '../auth/SessionContext';

/** The signed-in member; the team list and invitations arrive with their API (issue 32, accounts). */
export function TeamPage() {
  const { member, merchant } = useSignedIn();
  return (
    <>
      <h1>Team of {merchant.business_name}</h1>
      <dl className="facts">
        <dt>You</dt>
        <dd>{member.email}</dd>
        <dt>Role</dt>
        <dd>{member.role}</dd>
        <dt>Member since</dt>
        <dd>{formatDateTime(member.created_at)}</dd>
      </dl>
    </>
  );
}
