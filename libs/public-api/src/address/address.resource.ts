import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** The contract's Address: merchant registration and pickup locations. */
@ApiSchema({ name: 'Address', description: "A postal address, as the contract spells it everywhere except a delivery's stops." })
export class AddressResource {
  @ApiProperty({ example: '100 King St W' })
  street!: string;

  @ApiProperty({ example: 'Toronto' })
  city!: string;

  @ApiProperty({ example: 'ON', description: 'Province or territory code.' })
  province!: string;

  @ApiProperty({ example: 'M5X 1A9' })
  postal_code!: string;

  @ApiProperty({ example: 'CA', description: 'ISO 3166-1 alpha-2; "CA" when not given.' })
  country!: string;
}

/** A quote's pickup or dropoff: the Address, as geocoded, with its coordinates. */
@ApiSchema({ name: 'LocatedAddress', description: 'An address as geocoded from free text: the Address fields, then where it is.' })
export class LocatedAddressResource {
  @ApiProperty({ example: '100 King St W', description: 'The street line, or the text as written when it had none.' })
  street!: string;

  @ApiProperty({ example: 'Toronto' })
  city!: string;

  @ApiProperty({ example: 'ON', description: 'Province or territory code.' })
  province!: string;

  @ApiProperty({ type: String, nullable: true, example: 'M5X 1A9', description: 'Null when the address gave no postal code.' })
  postal_code!: string | null;

  @ApiProperty({ example: 'CA' })
  country!: string;

  @ApiProperty({ example: 43.6492 })
  lat!: number;

  @ApiProperty({ example: -79.3823 })
  lng!: number;
}

/**
 * A delivery's pickup or dropoff. Its field names are the contract's own
 * exception (decisions.md, "Responses carry the union"): `address`, `state`,
 * `postalCode`, where the rest of the API says `street`, `province`, `postal_code`.
 */
@ApiSchema({
  name: 'DeliveryStop',
  description:
    'A pickup or dropoff: the quoted address and a contact. The field names `address`, `state` and `postalCode` are the contract\'s own for delivery stops; every other address in the API is spelt `street`, `province`, `postal_code` (docs/api.md, "Addresses").',
})
export class DeliveryStopResource {
  @ApiProperty({ example: '100 King St W', description: 'The street line.' })
  address!: string;

  @ApiProperty({ type: String, nullable: true, example: 'Queen St Wines' })
  name!: string | null;

  @ApiProperty({ type: String, nullable: true, example: '+14165550199' })
  phone!: string | null;

  @ApiProperty({ example: 'Toronto' })
  city!: string;

  @ApiProperty({ example: 'ON', description: 'Province or territory code.' })
  state!: string;

  @ApiProperty({ type: String, nullable: true, example: 'M5X 1A9' })
  postalCode!: string | null;

  @ApiProperty({ example: 'CA' })
  country!: string;

  @ApiProperty({ example: 43.6492 })
  lat!: number;

  @ApiProperty({ example: -79.3823 })
  lng!: number;
}
