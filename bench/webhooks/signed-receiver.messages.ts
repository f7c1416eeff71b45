import type { TallyReport } from './webhook-tally';

/** What the bench asks the receiver process: learn endpoints' secrets, or report on a group. */
export type ReceiverRequest =
  { kind: 'endpoints'; endpoints: Array<{ path: string; secret: string; group: string }> } | { kind: 'report'; group: string } | { kind: 'arrivals'; group: string };

export type ReceiverReply =
  | { kind: 'ready'; port: number; ca: string }
  | { kind: 'endpoints'; count: number }
  | { kind: 'report'; group: string; report: TallyReport }
  | { kind: 'arrivals'; group: string; arrivals: Array<[string, number]> };
