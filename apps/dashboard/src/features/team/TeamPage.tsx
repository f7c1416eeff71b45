import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '@sdd/web';
import { ErrorMessage } from '../../components/ErrorMessage';
import { QueryState } from '../../components/QueryState';
import { formatDateTime } from '../../lib/format';
import { canManageTeam, type Role } from '../auth/permissions';
import { useSignedIn } from '../auth/SessionContext';

const ROLES: Role[] = ['owner', 'developer', 'viewer'];
/** The team is the merchant's, not the mode's: one key for both modes. */
const TEAM_KEY = ['team'];

export function TeamPage() {
  const { member, merchant } = useSignedIn();
  const queryClient = useQueryClient();
  const owner = canManageTeam(member.role);
  const members = useQuery({ queryKey: TEAM_KEY, queryFn: () => unwrap(api.GET('/v1/dashboard/members')) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: TEAM_KEY });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('developer');
  const invite = useMutation({ mutationFn: () => unwrap(api.POST('/v1/dashboard/invitations', { body: { email, role } })), onSuccess: () => setEmail('') });
  const changeRole = useMutation({
    mutationFn: (change: { id: string; role: Role }) => unwrap(api.PATCH('/v1/dashboard/members/{id}', { params: { path: { id: change.id } }, body: { role: change.role } })),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: string) => unwrap(api.DELETE('/v1/dashboard/members/{id}', { params: { path: { id } }, body: {} })), onSuccess: refresh });
  const failed = invite.error ?? changeRole.error ?? remove.error;

  function submit(event: FormEvent) {
    event.preventDefault();
    invite.mutate();
  }

  return (
    <>
      <h1>Team of {merchant.business_name}</h1>
      {owner ? (
        <form onSubmit={submit} className="inline" aria-label="Invite a teammate">
          <label>
            Email
            <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <label>
            Role
            <select value={role} onChange={(e) => setRole(e.target.value as Role)}>
              {ROLES.map((r) => (
                <option key={r}>{r}</option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={invite.isPending}>
            Invite
          </button>
        </form>
      ) : null}
      {invite.data ? (
        <p role="status">
          Invitation sent to {invite.data.email} as {invite.data.role}; it expires {formatDateTime(invite.data.expires_at)}.
        </p>
      ) : null}
      {failed ? <ErrorMessage error={failed} /> : null}
      <QueryState query={members} isEmpty={(list) => list.data.length === 0} empty="No members.">
        {(list) => (
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">Members</caption>
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">Since</th>
                  {owner ? <th scope="col">Actions</th> : null}
                </tr>
              </thead>
              <tbody>
                {list.data.map((m) => (
                  <tr key={m.id}>
                    <td>
                      {m.email}
                      {m.id === member.id ? ' (you)' : ''}
                    </td>
                    <td>
                      {owner ? (
                        <select aria-label={`Role of ${m.email}`} value={m.role} onChange={(e) => changeRole.mutate({ id: m.id, role: e.target.value as Role })}>
                          {ROLES.map((r) => (
                            <option key={r}>{r}</option>
                          ))}
                        </select>
                      ) : (
                        m.role
                      )}
                    </td>
                    <td>{formatDateTime(m.created_at)}</td>
                    {owner ? (
                      <td>
                        <button type="button" onClick={() => remove.mutate(m.id)} aria-label={`Remove ${m.email}`}>
                          Remove
                        </button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </>
  );
}
