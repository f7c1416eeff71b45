import { ServiceName } from '../services';

/** Reply to a service's ping pattern. */
export interface PingReply {
  service: ServiceName;
  status: 'ok';
}

/** One service's line in the gateway's internal health report. */
export interface ServiceHealth {
  service: ServiceName;
  status: 'ok' | 'unavailable';
  latency_ms: number;
  error?: string;
}
