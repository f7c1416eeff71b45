import { TokenSignInPage } from '@sdd/web/react';
import { signIn } from './session-api';

/** The driver enters the token the operator handed out; it is exchanged for a session and forgotten. */
export function SignInPage() {
  return (
    <TokenSignInPage
      heading="Driver sign-in"
      explanation="Enter the driver token your operator gave you. It is used once to sign this phone in, and not kept on it."
      tokenLabel="Driver token"
      signIn={signIn}
      classes={{ page: 'screen', form: 'actions' }}
    />
  );
}
