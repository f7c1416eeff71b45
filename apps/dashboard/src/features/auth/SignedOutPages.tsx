import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../components/ErrorMessage';
import { useAcceptInvitation, useSendSignInLink, useSignIn } from './session';
import { signedOutPage } from './signed-out-page';

/** Everything before signing in: the form, a mailed sign-in link, an invitation. */
export function SignedOutPages() {
  const target = signedOutPage(window.location.pathname, window.location.hash);
  if (target.page === 'link-sign-in') return <LinkSignInPage token={target.token} />;
  if (target.page === 'accept-invitation') return <AcceptInvitationPage token={target.token} />;
  return <SignInPage />;
}

function SignInPage() {
  const signIn = useSignIn();
  const sendLink = useSendSignInLink();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    signIn.mutate({ email, password });
  }

  return (
    <main id="main" className="sign-in">
      <h1>Sign in to your dashboard</h1>
      <form onSubmit={submit}>
        <label htmlFor="email">Email</label>
        <input id="email" name="email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <label htmlFor="password">Password</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <button type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
        {signIn.error ? <ErrorMessage error={signIn.error} /> : null}
      </form>
      <p>Or, without a password:</p>
      <button type="button" disabled={!email || sendLink.isPending} onClick={() => sendLink.mutate(email)}>
        Email me a sign-in link
      </button>
      {sendLink.isSuccess ? <p role="status">If {email} has an account, a link to sign in is on its way. It works once, for 15 minutes.</p> : null}
      {sendLink.error ? <ErrorMessage error={sendLink.error} /> : null}
    </main>
  );
}

function LinkSignInPage({ token }: { token: string }) {
  const signIn = useSignIn();
  const sent = useRef(false);
  useEffect(() => {
    // Once, StrictMode's second effect run included: the token is single-use.
    if (sent.current) return;
    sent.current = true;
    signIn.mutate({ link_token: token });
  }, [signIn, token]);
  return (
    <main id="main" className="sign-in">
      <h1>Signing you in</h1>
      {signIn.error ? (
        <>
          <ErrorMessage error={signIn.error} />
          <a href="/dashboard">Back to sign-in</a>
        </>
      ) : (
        <p role="status">One moment…</p>
      )}
    </main>
  );
}

function AcceptInvitationPage({ token }: { token: string }) {
  const accept = useAcceptInvitation();
  const [password, setPassword] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    accept.mutate({ token, password });
  }

  return (
    <main id="main" className="sign-in">
      <h1>Join your team</h1>
      <form onSubmit={submit}>
        <label htmlFor="new-password">Choose a password</label>
        <input id="new-password" type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <button type="submit" disabled={accept.isPending}>
          Accept the invitation
        </button>
        {accept.error ? <ErrorMessage error={accept.error} /> : null}
      </form>
    </main>
  );
}
