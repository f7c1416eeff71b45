import { IsBoolean, IsIn, IsInt, IsISO8601, IsLatitude, IsLongitude, IsNotEmpty, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { busPattern, replyOf } from '../bus/bus-pattern';
import { NullableButPresent } from '../bus/message-rules';
import { DeliveryRecord, ReroutePreviewRecord } from '../deliveries/deliveries';
import { MAX_ADDRESS_LENGTH, Vehicle, VEHICLES } from '../quotes/quotes';
import { ScopedMessage } from '../scope/scope.messages';
import { ServiceName } from '../services';
import {
  CERTIFICATION_KINDS,
  CERTIFICATION_STATUSES,
  CertificationKind,
  CertificationStatus,
  CreatedDriverRecord,
  DRIVER_REPORTS,
  DRIVER_STANDING_CHANGES,
  DRIVER_TOKEN_TTL_BOUNDS,
  DriverAssignmentRecord,
  DriverEarningsRecord,
  DriverRecord,
  DriverRecordList,
  DriverReport,
  DriverStandingChange,
  FAILURE_REASONS,
  FailureReason,
  OfferRecord,
  OfferRecordList,
  OPS_DELIVERY_STATES,
  OpsDeliveryRecord,
  OpsDeliveryRecordList,
  OpsDeliveryState,
  PROOF_PHOTO_TYPES,
  ProofPhotoRecord,
  ProofPhotoType,
  Province,
  PROVINCES,
  RerouteRecordList,
  RevokedDriverRecord,
} from './drivers';

export class CreateDriverRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name!: string;

  @IsString()
  @Matches(/^\+[1-9][0-9]{7,14}$/, { message: 'must be an E.164 phone number' })
  phone!: string;

  @IsIn(VEHICLES)
  vehicle!: Vehicle;

  @IsIn(PROVINCES)
  homeProvince!: Province;
}

export class DriverRef {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  driverId!: string;
}

export class ChangeDriverStandingRequest extends DriverRef {
  @IsIn(DRIVER_STANDING_CHANGES)
  change!: DriverStandingChange;
}

export class RotateDriverTokenRequest extends DriverRef {
  /** How long the new token lasts; null: DRIVER_TOKEN_TTL_SECONDS. */
  @NullableButPresent()
  @IsInt()
  @Min(DRIVER_TOKEN_TTL_BOUNDS.min)
  @Max(DRIVER_TOKEN_TTL_BOUNDS.max)
  expiresInSeconds!: number | null;
}

export class ListDriversRequest {
  @IsInt()
  @Min(1)
  @Max(500)
  limit!: number;
}

export class SetCertificationRequest extends DriverRef {
  @IsIn(CERTIFICATION_KINDS)
  kind!: CertificationKind;

  @IsIn(PROVINCES)
  province!: Province;

  @IsIn(CERTIFICATION_STATUSES)
  status!: CertificationStatus;

  @NullableButPresent()
  @IsISO8601({ strict: true })
  expiresAt!: string | null;
}

/** Every driver-facing request names its driver by the SHA-256 of the token it sent; delivery-service finds the driver by it. */
export class DriverAuthRequest {
  @IsString()
  @Matches(/^[0-9a-f]{64}$/, { message: 'must be a SHA-256 hex digest' })
  tokenHash!: string;
}

export class DriverAvailabilityRequest extends DriverAuthRequest {
  @IsBoolean()
  online!: boolean;
}

export class DriverLocationRequest extends DriverAuthRequest {
  @IsLatitude()
  lat!: number;

  @IsLongitude()
  lng!: number;
}

export class DriverOfferRequest extends DriverAuthRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  offerId!: string;
}

export class RerouteRequest extends ScopedMessage {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  deliveryId!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_ADDRESS_LENGTH)
  dropoffAddress!: string;
}

export class AnswerRerouteRequest extends DriverAuthRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  deliveryId!: string;

  @IsBoolean()
  accept!: boolean;
}

/** What a driver reports once assigned; every report goes through the delivery state machine. */
export class DriverReportRequest extends DriverAuthRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  deliveryId!: string;

  @IsIn(DRIVER_REPORTS)
  status!: DriverReport;

  @NullableButPresent()
  @IsIn(FAILURE_REASONS)
  reason!: FailureReason | null;

  @NullableButPresent()
  @IsString()
  @MaxLength(200)
  recipientName!: string | null;

  /** The 4-digit PIN the recipient read from the tracking page, when the driver asked for it. */
  @NullableButPresent()
  @Matches(/^[0-9]{4}$/)
  pin!: string | null;

  /** From the recipient's ID (YYYY-MM-DD): required to deliver alcohol or cannabis. */
  @NullableButPresent()
  @Matches(/^\d{4}-\d{2}-\d{2}$/)
  recipientBirthDate!: string | null;
}

/**
 * A photo the gateway has stored (under `key`, a name only this driver's
 * upload of these bytes to this delivery produces) and asks delivery-service
 * to attach to the delivery's proof.
 */
export class ProofPhotoRequest extends DriverAuthRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  deliveryId!: string;

  @IsString()
  @Matches(/^proof-photos\/[A-Za-z0-9_-]{1,100}\/[a-f0-9]{16}-[a-f0-9]{64}\.(jpg|png|webp)$/)
  key!: string;

  @IsIn(PROOF_PHOTO_TYPES)
  contentType!: ProofPhotoType;

  @IsInt()
  @Min(1)
  @Max(100 * 1024 * 1024)
  bytes!: number;

  @Matches(/^[a-f0-9]{64}$/)
  sha256!: string;
}

/** A driver's earnings: the days `from`–`to` (null: the default span) of `timeZone`, and a page of its deliveries, newest first. */
export class DriverEarningsRequest extends DriverAuthRequest {
  /** An IANA time zone; its midnights are the driver's days. */
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  timeZone!: string;

  @NullableButPresent()
  @Matches(/^\d{4}-\d{2}-\d{2}$/)
  from!: string | null;

  @NullableButPresent()
  @Matches(/^\d{4}-\d{2}-\d{2}$/)
  to!: string | null;

  @IsInt()
  @Min(1)
  @Max(100)
  limit!: number;

  @NullableButPresent()
  @IsString()
  @MaxLength(200)
  cursor!: string | null;
}

export class ListOpsDeliveriesRequest {
  @IsIn(OPS_DELIVERY_STATES)
  state!: OpsDeliveryState;
}

/** An operator's action on one live delivery, of whichever merchant. */
export class OpsDeliveryRef {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  deliveryId!: string;
}

const owner = ServiceName.Delivery;

export const DRIVER_PATTERNS = {
  CreateDriver: busPattern({ name: 'delivery.create_driver', owner, message: CreateDriverRequest, reply: replyOf<CreatedDriverRecord>() }),
  ListDrivers: busPattern({ name: 'delivery.list_drivers', owner, message: ListDriversRequest, reply: replyOf<DriverRecordList>() }),
  SetDriverCertification: busPattern({ name: 'delivery.set_driver_certification', owner, message: SetCertificationRequest, reply: replyOf<DriverRecord>() }),
  SetDriverAvailability: busPattern({ name: 'delivery.driver_availability', owner, message: DriverAvailabilityRequest, reply: replyOf<DriverRecord>() }),
  PostDriverLocation: busPattern({ name: 'delivery.driver_location', owner, message: DriverLocationRequest, reply: replyOf<DriverRecord>() }),
  ListDriverOffers: busPattern({ name: 'delivery.driver_offers', owner, message: DriverAuthRequest, reply: replyOf<OfferRecordList>() }),
  AcceptOffer: busPattern({ name: 'delivery.accept_offer', owner, message: DriverOfferRequest, reply: replyOf<OfferRecord>() }),
  DeclineOffer: busPattern({ name: 'delivery.decline_offer', owner, message: DriverOfferRequest, reply: replyOf<OfferRecord>() }),
  ReportDeliveryStatus: busPattern({ name: 'delivery.driver_report', owner, message: DriverReportRequest, reply: replyOf<DriverAssignmentRecord>() }),
  AddProofPhoto: busPattern({ name: 'delivery.add_proof_photo', owner, message: ProofPhotoRequest, reply: replyOf<ProofPhotoRecord>() }),
  // Prices the new route with quote-service first.
  RerouteDelivery: busPattern({ name: 'delivery.reroute', owner, message: RerouteRequest, reply: replyOf<DeliveryRecord>(), timeoutMs: 10_000 }),
  PreviewReroute: busPattern({ name: 'delivery.preview_reroute', owner, message: RerouteRequest, reply: replyOf<ReroutePreviewRecord>(), timeoutMs: 10_000 }),
  ListDriverReroutes: busPattern({ name: 'delivery.driver_reroutes', owner, message: DriverAuthRequest, reply: replyOf<RerouteRecordList>() }),
  AnswerReroute: busPattern({ name: 'delivery.answer_reroute', owner, message: AnswerRerouteRequest, reply: replyOf<DriverAssignmentRecord>() }),
  RevokeDriver: busPattern({ name: 'delivery.revoke_driver', owner, message: DriverRef, reply: replyOf<RevokedDriverRecord>() }),
  ChangeDriverStanding: busPattern({ name: 'delivery.change_driver_standing', owner, message: ChangeDriverStandingRequest, reply: replyOf<DriverRecord>() }),
  RotateDriverToken: busPattern({ name: 'delivery.rotate_driver_token', owner, message: RotateDriverTokenRequest, reply: replyOf<CreatedDriverRecord>() }),
  ListDriverEarnings: busPattern({ name: 'delivery.driver_earnings', owner, message: DriverEarningsRequest, reply: replyOf<DriverEarningsRecord>() }),
  ListOpsDeliveries: busPattern({ name: 'delivery.ops_list_deliveries', owner, message: ListOpsDeliveriesRequest, reply: replyOf<OpsDeliveryRecordList>() }),
  ReofferDelivery: busPattern({ name: 'delivery.ops_reoffer', owner, message: OpsDeliveryRef, reply: replyOf<OpsDeliveryRecord>() }),
  // The merchant's cancellation (and so its refund), for the delivery's own merchant and mode.
  OpsCancelDelivery: busPattern({ name: 'delivery.ops_cancel', owner, message: OpsDeliveryRef, reply: replyOf<OpsDeliveryRecord>() }),
};
