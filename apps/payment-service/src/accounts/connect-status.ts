/** Connected once the processor enabled both charges and payouts; pending while onboarding is unfinished. */
export function connectStatusOf(account: { chargesEnabled: boolean; payoutsEnabled: boolean } | null): {
  status: 'not_connected' | 'pending' | 'connected';
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
} {
  if (!account) return { status: 'not_connected', chargesEnabled: false, payoutsEnabled: false };
  return {
    status: account.chargesEnabled && account.payoutsEnabled ? 'connected' : 'pending',
    chargesEnabled: account.chargesEnabled,
    payoutsEnabled: account.payoutsEnabled,
  };
}
