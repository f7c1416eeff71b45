import { PageQuery } from '../http/page.query';

/** GET /v1/refunds: a page, nothing else to filter by (as GET /v1/payouts). */
export class ListRefundsQuery extends PageQuery {}
