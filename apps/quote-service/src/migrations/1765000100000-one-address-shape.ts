import { JsonbKeyRenameMigration } from '@sdd/persistence';

/** Quotes stored their route points with address/state; the one internal address shape says street/province. */
export class OneAddressShape1765000100000 extends JsonbKeyRenameMigration {
  name = 'OneAddressShape1765000100000';
  protected readonly columns = [
    ['quotes', 'pickup'],
    ['quotes', 'dropoff'],
  ] as const;
  protected readonly renames = { address: 'street', state: 'province' };
}
