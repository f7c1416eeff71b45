/** The parts of an endpoint that say whether it is being sent to. */
export interface EndpointState {
  active: boolean;
  failing_since: string | null;
  disabled_at: string | null;
  disabled_reason: 'failing' | 'merchant' | null;
}

/** Where an endpoint stands, for its badge: disabled (and why), failing, or healthy. */
export function endpointState(webhook: EndpointState): { tone: 'done' | 'stopped' | 'active'; label: string } {
  if (webhook.disabled_at || !webhook.active) {
    return { tone: 'stopped', label: webhook.disabled_reason === 'failing' ? 'Disabled: it kept failing for a day' : 'Disabled by your team' };
  }
  if (webhook.failing_since) return { tone: 'active', label: 'Failing' };
  return { tone: 'done', label: 'Enabled' };
}

/** The last day's success rate as people read it: "50% of 2 attempts", or that there were none. */
export function successRateLabel(health: { attempts: number; succeeded: number; success_rate: number | null }): string {
  if (health.success_rate === null) return 'No attempts in the last 24 hours';
  const percent = Math.round(health.success_rate * 1000) / 10;
  return `${percent}% of ${health.attempts} attempt${health.attempts === 1 ? '' : 's'} succeeded in the last 24 hours`;
}
