import type { TestScenario } from '../api/api-client';

/** `delivered`: the contract's test timeline with no scenario. */
export type TriggerName = TestScenario | 'delivered';

/**
 * What each `sameday trigger <name>` plays (decisions.md, Test timeline and
 * test_scenario). Keyed by the generated type, so a scenario the API adds or
 * drops fails the CLI's build until it is described here.
 */
export const TRIGGERS: Readonly<Record<TriggerName, string>> = {
  delivered: 'the whole test timeline: created → pending → driver_assigned → picked_up → in_transit → delivered (80 s at TIMELINE_SPEED 1)',
  driver_no_show: 'the first driver lets the offer lapse (30 s); a second one takes it, then the delivery completes',
  slow_pickup: 'the driver waits a minute at the pickup, then the delivery completes',
  recipient_unavailable: 'the driver reaches the dropoff and nobody is there: delivery.failed',
  id_check_failed: "the driver reaches the dropoff and the recipient's ID check fails: delivery.failed",
  return_to_pickup: 'nobody takes the package at the dropoff; the driver brings it back to the pickup: delivery.returned',
  reroute_declined: 'a reroute asked after assignment is declined by the driver before pickup (delivery.reroute_declined), then the delivery completes',
};

export function isTriggerName(name: string): name is TriggerName {
  return Object.hasOwn(TRIGGERS, name);
}
