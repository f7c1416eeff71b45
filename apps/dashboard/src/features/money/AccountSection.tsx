import { ErrorMessage } from '../../components/ErrorMessage';
import { QueryState } from '../../components/QueryState';
import { useSignedIn } from '../auth/SessionContext';
import { useMode } from '../mode/mode';
import { useCurrentMerchant, useOnboardingLink } from './money-api';
import { feeTierSummary } from './money-status';
import { MoneyStatusBadge } from './MoneyStatusBadge';
import { canStartOnboarding } from './onboarding';

/** The fee tier and the connected account (Stripe Connect) of this mode. */
export function AccountSection() {
  const { mode } = useMode();
  const { member } = useSignedIn();
  const merchant = useCurrentMerchant();
  const onboarding = useOnboardingLink();
  return (
    <QueryState query={merchant}>
      {(me) => (
        <div className="cards">
          <section aria-labelledby="fee-tier">
            <h2 id="fee-tier">Fee tier</h2>
            <p data-testid="fee-tier">{feeTierSummary(me.fee_tier)}</p>
          </section>
          <section aria-labelledby="payout-account">
            <h2 id="payout-account">Payout account</h2>
            <dl className="facts">
              <dt>Stripe Connect ({mode})</dt>
              <dd>
                <MoneyStatusBadge status={me.connect.status} />
              </dd>
              <dt>Charges</dt>
              <dd>{me.connect.charges_enabled ? 'Enabled' : 'Not enabled'}</dd>
              <dt>Payouts</dt>
              <dd>{me.connect.payouts_enabled ? 'Enabled' : 'Not enabled'}</dd>
            </dl>
            {me.connect.status === 'connected' ? null : canStartOnboarding(member.role) ? (
              <button type="button" onClick={() => onboarding.mutate()} disabled={onboarding.isPending}>
                {me.connect.status === 'pending' ? 'Get a link to finish onboarding' : 'Start onboarding'}
              </button>
            ) : (
              <p>An owner of the account starts and finishes onboarding.</p>
            )}
            {onboarding.error ? <ErrorMessage error={onboarding.error} /> : null}
            {onboarding.data ? (
              <p role="status">
                <a href={onboarding.data.url} rel="noopener noreferrer">
                  Continue onboarding with Stripe
                </a>{' '}
                (single use, until {new Date(onboarding.data.expires_at).toLocaleTimeString('en-CA', { timeStyle: 'short' })}).
              </p>
            ) : null}
          </section>
        </div>
      )}
    </QueryState>
  );
}
