import { JsonbKeyRenameMigration } from '@sdd/persistence';

/** Pickup locations stored their address with the public postal_code; the internal shape says postalCode. */
export class OneLocationAddressShape1765000100020 extends JsonbKeyRenameMigration {
  name = 'OneLocationAddressShape1765000100020';
  protected readonly columns = [['pickup_locations', 'address']] as const;
  protected readonly renames = { postal_code: 'postalCode' };
}
