import { type FormEvent, useState } from 'react';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';

/**
 * Sign-in with a token handed out to the person (a driver's, the operator's): it is
 * exchanged by `signIn` for a session, put in the `sessionQueryKey` query, and forgotten.
 * The classes are the app's own layout.
 */
export function TokenSignInPage({
  heading,
  explanation,
  tokenLabel,
  signIn,
  sessionQueryKey = ['session'],
  classes,
}: {
  heading: string;
  explanation: string;
  tokenLabel: string;
  signIn: (token: string) => Promise<unknown>;
  sessionQueryKey?: QueryKey;
  classes: { page: string; form: string };
}) {
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
      queryClient.setQueryData(sessionQueryKey, session);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Sign-in failed.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className={classes.page}>
      <h1>{heading}</h1>
      <p>{explanation}</p>
      <form onSubmit={submit} className={classes.form}>
        <label>
          {tokenLabel}
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
