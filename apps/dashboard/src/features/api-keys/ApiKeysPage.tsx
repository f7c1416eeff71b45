import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '@sdd/web';
import { CopyButton } from '../../components/CopyButton';
import { ErrorMessage } from '../../components/ErrorMessage';
import { QueryState } from '../../components/QueryState';
import { formatDateTime } from '../../lib/format';
import { canChange } from '../auth/permissions';
import { useSignedIn } from '../auth/SessionContext';
import { useMode } from '../mode/mode';

export function ApiKeysPage() {
  const { mode } = useMode();
  const { member } = useSignedIn();
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: [mode, 'api-keys'], queryFn: () => unwrap(api.GET('/v1/api_keys')) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [mode, 'api-keys'] });
  const roll = useMutation({ mutationFn: () => unwrap(api.POST('/v1/api_keys/roll', { body: {} })), onSuccess: refresh });
  const revoke = useMutation({ mutationFn: (keyId: string) => unwrap(api.DELETE('/v1/api_keys/{keyId}', { params: { path: { keyId } } })), onSuccess: refresh });
  const writable = canChange(member.role);

  return (
    <>
      <h1>API keys</h1>
      <p>Keys of {mode} mode. A key is shown once, when it is rolled; only its last four characters are kept in view after that.</p>
      {writable ? (
        <button type="button" onClick={() => roll.mutate()} disabled={roll.isPending}>
          Roll {mode} key
        </button>
      ) : null}
      {roll.error ? <ErrorMessage error={roll.error} /> : null}
      {roll.data ? (
        <div className="new-secret" role="status">
          <p>Your new {roll.data.mode} key. Copy it now: it will not be shown again.</p>
          <code id="new-api-key">{roll.data.api_key}</code> <CopyButton text={roll.data.api_key} label="Copy key" />
        </div>
      ) : null}
      <QueryState query={keys} isEmpty={(list) => list.data.length === 0} empty="No keys.">
        {(list) => (
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">API keys</caption>
              <thead>
                <tr>
                  <th scope="col">Key</th>
                  <th scope="col">Mode</th>
                  <th scope="col">Created</th>
                  <th scope="col">Expires</th>
                  <th scope="col">Last used</th>
                  {writable ? <th scope="col">Actions</th> : null}
                </tr>
              </thead>
              <tbody>
                {list.data.map((key) => (
                  <tr key={key.id}>
                    <td>…{key.last4}</td>
                    <td>{key.mode}</td>
                    <td>{formatDateTime(key.created_at)}</td>
                    <td>{formatDateTime(key.expires_at)}</td>
                    <td>{formatDateTime(key.last_used_at)}</td>
                    {writable ? (
                      <td>
                        <button type="button" onClick={() => revoke.mutate(key.id)} disabled={revoke.isPending} aria-label={`Revoke key ending ${key.last4}`}>
                          Revoke
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
      {revoke.error ? <ErrorMessage error={revoke.error} /> : null}
    </>
  );
}
