import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  CATEGORIES,
  Category,
  CERTIFICATION_KINDS,
  CERTIFICATION_STATUSES,
  CertificationKind,
  CertificationStatus,
  DRIVER_STATUSES,
  DriverStatus,
  OFFER_STATUSES,
  OfferStatus,
  PACKAGE_SIZES,
  PackageSize,
  Province,
  PROVINCES,
  Vehicle,
  VEHICLES,
} from '@sdd/contracts';

@ApiSchema({ name: 'DriverCertification' })
export class CertificationResource {
  @ApiProperty({ enum: CERTIFICATION_KINDS })
  kind!: CertificationKind;

  @ApiProperty({ enum: PROVINCES })
  province!: Province;

  @ApiProperty({ enum: CERTIFICATION_STATUSES, description: 'Only `approved` and unexpired qualifies for restricted deliveries.' })
  status!: CertificationStatus;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  expires_at!: string | null;
}

@ApiSchema({ name: 'DriverLocation' })
export class DriverLocationResource {
  @ApiProperty()
  lat!: number;

  @ApiProperty()
  lng!: number;

  @ApiProperty({ format: 'date-time' })
  at!: string;
}

@ApiSchema({ name: 'Driver' })
export class DriverResource {
  @ApiProperty({ example: 'drv_4fJ8sQ2mZ1' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ example: '+14165550123' })
  phone!: string;

  @ApiProperty({ enum: VEHICLES })
  vehicle!: Vehicle;

  @ApiProperty({ enum: PROVINCES })
  home_province!: Province;

  @ApiProperty()
  online!: boolean;

  @ApiProperty({ type: DriverLocationResource, nullable: true })
  location!: DriverLocationResource | null;

  @ApiProperty({ type: CertificationResource, isArray: true })
  certifications!: CertificationResource[];

  @ApiProperty({ enum: DRIVER_STATUSES, description: '`deactivated`: cannot go online until reactivated. Revoked drivers are not listed.' })
  status!: DriverStatus;

  @ApiProperty({ format: 'date-time', description: 'The driver token fails from then on (401 `driver_token_expired`) until an operator rotates it.' })
  token_expires_at!: string;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

@ApiSchema({ name: 'CreatedDriver', description: 'The driver and its API token, shown this once.' })
export class CreatedDriverResource {
  @ApiProperty({ type: DriverResource })
  driver!: DriverResource;

  @ApiProperty({ example: 'drv_tok_…', description: 'The driver API bearer token; kept only as a hash.' })
  token!: string;
}

@ApiSchema({ name: 'RevokedDriver', description: 'A revoked driver and what became of its deliveries under way.' })
export class RevokedDriverResource {
  @ApiProperty({ example: 'drv_4fJ8sQ2mZ1' })
  id!: string;

  @ApiProperty({ enum: [true] })
  deleted!: true;

  @ApiProperty({ type: String, isArray: true, description: 'Deliveries the driver had not picked up yet: back to matching (`pending`), offered to the next driver.' })
  rematched_delivery_ids!: string[];

  @ApiProperty({
    type: String,
    isArray: true,
    description: 'Deliveries the driver had picked up: the package is with a driver who can no longer report it; an operator must take them over (alert SamedayDeliveryStranded).',
  })
  stranded_delivery_ids!: string[];
}

@ApiSchema({ name: 'DriverList' })
export class DriverListResource {
  @ApiProperty({ type: DriverResource, isArray: true })
  data!: DriverResource[];
}

@ApiSchema({ name: 'OfferPickup' })
export class OfferPickupResource {
  @ApiProperty()
  address!: string;

  @ApiProperty({ type: String, nullable: true })
  name!: string | null;

  @ApiProperty({ type: String, nullable: true })
  phone!: string | null;

  @ApiProperty()
  lat!: number;

  @ApiProperty()
  lng!: number;
}

@ApiSchema({ name: 'OfferDropoff' })
export class OfferDropoffResource {
  @ApiProperty()
  address!: string;

  @ApiProperty()
  lat!: number;

  @ApiProperty()
  lng!: number;

  @ApiProperty({ type: String, nullable: true })
  notes!: string | null;
}

@ApiSchema({ name: 'OfferRecipient' })
export class OfferRecipientResource {
  @ApiProperty()
  first_name!: string;

  @ApiProperty()
  phone!: string;
}

@ApiSchema({ name: 'Offer', description: 'A delivery offered to one driver until `expires_at`.' })
export class OfferResource {
  @ApiProperty({ example: 'ofr_4fJ8sQ2mZ1' })
  id!: string;

  @ApiProperty()
  delivery_id!: string;

  @ApiProperty({ enum: OFFER_STATUSES })
  status!: OfferStatus;

  @ApiProperty({ format: 'date-time' })
  expires_at!: string;

  @ApiProperty({ enum: CATEGORIES })
  category!: Category;

  @ApiProperty({ enum: PACKAGE_SIZES })
  package_size!: PackageSize;

  @ApiProperty({ type: OfferPickupResource })
  pickup!: OfferPickupResource;

  @ApiProperty({ type: OfferDropoffResource })
  dropoff!: OfferDropoffResource;

  @ApiProperty({ type: OfferRecipientResource })
  recipient!: OfferRecipientResource;

  @ApiProperty({ description: 'From the driver to the pickup when offered, km.' })
  distance_km!: number;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

@ApiSchema({ name: 'OfferList' })
export class OfferListResource {
  @ApiProperty({ type: OfferResource, isArray: true })
  data!: OfferResource[];
}

@ApiSchema({ name: 'DriverAssignment', description: 'Where the delivery stands after a report.' })
export class DriverAssignmentResource {
  @ApiProperty()
  delivery_id!: string;

  @ApiProperty()
  status!: string;
}

@ApiSchema({ name: 'RerouteDropoff' })
export class RerouteDropoffResource {
  @ApiProperty()
  address!: string;

  @ApiProperty()
  lat!: number;

  @ApiProperty()
  lng!: number;
}

@ApiSchema({ name: 'PendingReroute', description: 'A new dropoff the merchant asked for, waiting for your answer.' })
export class RerouteResource {
  @ApiProperty()
  delivery_id!: string;

  @ApiProperty({ type: RerouteDropoffResource })
  dropoff!: RerouteDropoffResource;

  @ApiProperty({ type: 'integer', description: 'The delivery fee of the new route, in cents.' })
  fee!: number;

  @ApiProperty({ format: 'date-time' })
  requested_at!: string;
}

@ApiSchema({ name: 'PendingRerouteList' })
export class RerouteListResource {
  @ApiProperty({ type: RerouteResource, isArray: true })
  data!: RerouteResource[];
}

@ApiSchema({ name: 'DriverProofPhoto', description: "A photo attached to a delivery's proof." })
export class DriverProofPhotoResource {
  @ApiProperty()
  delivery_id!: string;

  @ApiProperty({ enum: ['image/jpeg', 'image/png', 'image/webp'] })
  content_type!: string;

  @ApiProperty({ type: 'integer', description: 'Bytes.' })
  size!: number;

  @ApiProperty({ description: 'SHA-256 of the bytes, hex: the same photo sent again is attached once.' })
  sha256!: string;

  @ApiProperty({ format: 'date-time' })
  uploaded_at!: string;
}
