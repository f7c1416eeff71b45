import { JsonbKeyRenameMigration } from '@sdd/persistence';

/** Deliveries stored their stops with address/state; the one internal address shape says street/province. */
export class OneAddressShape1765000100010 extends JsonbKeyRenameMigration {
  name = 'OneAddressShape1765000100010';
  protected readonly columns = [
    ['deliveries', 'pickup'],
    ['deliveries', 'dropoff'],
  ] as const;
  protected readonly renames = { address: 'street', state: 'province' };
}
