import { TokenSignInPage } from '@sdd/web/react';
import { signIn } from './session-api';

/** The operator enters the operator token; it is exchanged for a session and forgotten. */
export function SignInPage() {
  return (
    <TokenSignInPage
      heading="Operator console"
      explanation="Enter the operator token. It is used once to sign this browser in, and not kept in it."
      tokenLabel="Operator token"
      signIn={signIn}
      classes={{ page: 'sign-in', form: 'stack' }}
    />
  );
}
