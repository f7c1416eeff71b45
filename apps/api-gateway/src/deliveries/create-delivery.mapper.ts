import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { CreateDeliveryRequest, ErrorCode, MerchantScope } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { CreateDeliveryDto } from './create-delivery.dto';

/** E.164, reading numbers without a country code as Canadian. */
export function toE164(phone: string, param: string): string {
  const parsed = parsePhoneNumberFromString(phone, 'CA');
  if (!parsed?.isValid()) throw AppError.invalidRequest(ErrorCode.ParameterInvalid, `Invalid ${param}: must be a valid phone number.`, param);
  return parsed.number;
}

const missing = (param: string) => AppError.invalidRequest(ErrorCode.ParameterMissing, `Missing required parameter: ${param}.`, param);

/**
 * One request whichever description the merchant followed: the recipient is
 * `customer` (reference form) or `dropoff_name`/`dropoff_phone`
 * (machine-readable form), `customer` first where both are given.
 */
export function toCreateDeliveryRequest(dto: CreateDeliveryDto, scope: MerchantScope): CreateDeliveryRequest {
  const name = dto.customer?.name ?? dto.dropoff_name;
  if (!name) throw missing('customer.name');
  const rawPhone = dto.customer?.phone ?? dto.dropoff_phone;
  if (!rawPhone) throw missing(dto.customer ? 'customer.phone' : 'dropoff_phone');
  const phone = toE164(rawPhone, dto.customer?.phone ? 'customer.phone' : 'dropoff_phone');
  if (dto.test_scenario !== undefined && scope.mode !== 'test') {
    throw AppError.invalidRequest(ErrorCode.ParameterInvalid, 'test_scenario is for test keys only.', 'test_scenario');
  }
  return {
    scope,
    ...(dto.test_scenario ? { testScenario: dto.test_scenario } : {}),
    ...(dto.undeliverable_action ? { undeliverableAction: dto.undeliverable_action } : {}),
    quoteId: dto.quote_id,
    checkoutId: dto.checkout_id,
    category: dto.category,
    recipient: { name, phone, email: dto.customer?.email ?? null },
    pickupContact: {
      name: dto.pickup_name ?? null,
      phone: dto.pickup_phone ? toE164(dto.pickup_phone, 'pickup_phone') : null,
    },
    dropoffNotes: dto.dropoff_notes ?? null,
    externalReference: dto.external_reference ?? null,
    description: dto.description ?? null,
    metadata: dto.metadata ?? {},
  };
}
