import { JsonbKeyRenameMigration } from '@sdd/persistence';

/** Merchants stored their address with the public postal_code; the internal shape says postalCode. */
export class OneMerchantAddressShape1765000100030 extends JsonbKeyRenameMigration {
  name = 'OneMerchantAddressShape1765000100030';
  protected readonly columns = [['merchants', 'address']] as const;
  protected readonly renames = { postal_code: 'postalCode' };
}
