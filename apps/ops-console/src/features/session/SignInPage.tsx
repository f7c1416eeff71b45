import { type FormEvent, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { signIn } from './session-api';

/** The operator enters the operator token; it is exchanged for a session and forgotten. */
export function SignInPage() {
  const queryClient = useQueryClient();
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const session = await signIn(token);
      setToken('');
      queryClient.setQueryData(['session'], session);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Sign-in failed.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="sign-in">
      <h1>Operator console</h1>
      <p>Enter the operator token. It is used once to sign this browser in, and not kept in it.</p>
      <form onSubmit={submit} className="stack">
        <label>
          Operator token
          <input type="password" autoComplete="off" spellCheck={false} value={token} onChange={(event) => setToken(event.target.value)} required />
        </label>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}
