import { PageQuery } from '../http/page.query';

/** GET /v1/payouts: a page, nothing else to filter by. */
export class ListPayoutsQuery extends PageQuery {}
