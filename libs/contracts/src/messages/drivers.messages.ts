import { IsBoolean, IsIn, IsInt, IsISO8601, IsLatitude, IsLongitude, IsNotEmpty, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import {
  AnswerRerouteRequest,
  RerouteRequest,
  CERTIFICATION_KINDS,
  CERTIFICATION_STATUSES,
  CertificationKind,
  CertificationStatus,
  ChangeDriverStandingRequest,
  CreateDriverRequest,
  DRIVER_STANDING_CHANGES,
  DRIVER_TOKEN_TTL_BOUNDS,
  DriverStandingChange,
  DRIVER_REPORTS,
  DriverAuthRequest,
  DriverAvailabilityRequest,
  DriverLocationRequest,
  DriverOfferRequest,
  DriverRef,
  DriverReport,
  DriverReportRequest,
  FAILURE_REASONS,
  FailureReason,
  ListDriversRequest,
  PROOF_PHOTO_TYPES,
  ProofPhotoRequest,
  ProofPhotoType,
  Province,
  PROVINCES,
  RotateDriverTokenRequest,
  SetCertificationRequest,
} from '../drivers';
import { MAX_ADDRESS_LENGTH, Vehicle, VEHICLES } from '../quotes';
import { ScopedMessage } from './scope.messages';
import { NullableButPresent } from './message-rules';

export class CreateDriverMessage implements CreateDriverRequest {
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

export class DriverRefMessage implements DriverRef {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  driverId!: string;
}

export class ChangeDriverStandingMessage extends DriverRefMessage implements ChangeDriverStandingRequest {
  @IsIn(DRIVER_STANDING_CHANGES)
  change!: DriverStandingChange;
}

export class RotateDriverTokenMessage extends DriverRefMessage implements RotateDriverTokenRequest {
  @NullableButPresent()
  @IsInt()
  @Min(DRIVER_TOKEN_TTL_BOUNDS.min)
  @Max(DRIVER_TOKEN_TTL_BOUNDS.max)
  expiresInSeconds!: number | null;
}

export class ListDriversMessage implements ListDriversRequest {
  @IsInt()
  @Min(1)
  @Max(500)
  limit!: number;
}

export class SetCertificationMessage extends DriverRefMessage implements SetCertificationRequest {
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

export class DriverAuthMessage implements DriverAuthRequest {
  @IsString()
  @Matches(/^[0-9a-f]{64}$/, { message: 'must be a SHA-256 hex digest' })
  tokenHash!: string;
}

export class DriverAvailabilityMessage extends DriverAuthMessage implements DriverAvailabilityRequest {
  @IsBoolean()
  online!: boolean;
}

export class DriverLocationMessage extends DriverAuthMessage implements DriverLocationRequest {
  @IsLatitude()
  lat!: number;

  @IsLongitude()
  lng!: number;
}

export class DriverOfferMessage extends DriverAuthMessage implements DriverOfferRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  offerId!: string;
}

export class RerouteMessage extends ScopedMessage implements RerouteRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  deliveryId!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_ADDRESS_LENGTH)
  dropoffAddress!: string;
}

export class AnswerRerouteMessage extends DriverAuthMessage implements AnswerRerouteRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  deliveryId!: string;

  @IsBoolean()
  accept!: boolean;
}

export class DriverReportMessage extends DriverAuthMessage implements DriverReportRequest {
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

  @NullableButPresent()
  @Matches(/^[0-9]{4}$/)
  pin!: string | null;

  @NullableButPresent()
  @Matches(/^\d{4}-\d{2}-\d{2}$/)
  recipientBirthDate!: string | null;
}

export class ProofPhotoMessage extends DriverAuthMessage implements ProofPhotoRequest {
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
