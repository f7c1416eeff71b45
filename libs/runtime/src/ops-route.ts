import { SetMetadata } from '@nestjs/common';

export const OPS_ROUTE = 'sdd:opsRoute';

/**
 * A route for operators and the orchestrator (probes, internal health),
 * served on the ops port only. Apps with a public port hold it there by this
 * metadata, the route Nest matched, never by the request's URL string.
 */
export const OpsRoute = () => SetMetadata(OPS_ROUTE, true);
