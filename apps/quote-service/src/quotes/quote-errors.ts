import { ErrorType, LICENCE_CHECK_NEEDED } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { FeeChange } from '@sdd/contracts';
import { describeFeeChanges } from '../pricing/fee-changes';

export const quoteNotFound = (): AppError => AppError.notFound('No such quote.', 'quote_id');

export const quoteExpired = (): AppError => new AppError(410, ErrorType.InvalidRequest, 'quote_expired', 'This quote has expired: quotes are valid for 15 minutes.', 'quote_id');

export const quoteAlreadyUsed = (): AppError => new AppError(409, ErrorType.InvalidRequest, 'quote_already_used', 'This quote was already used for a delivery.', 'quote_id');

/** The contract's message gives the old and new fee; ours also names each part of the fee that moved (docs/api.md, "Explained prices"). */
export const quotePriceChanged = (oldFee: number, newFee: number, currency: string, changes: readonly FeeChange[]): AppError =>
  new AppError(
    409,
    ErrorType.InvalidRequest,
    'quote_price_changed',
    `This quote expired and its price changed by more than 10%: it was ${oldFee} and is now ${newFee} (${currency} cents); changed: ${describeFeeChanges(changes)}. Request a new quote.`,
    'quote_id',
  );

export const categoryMismatch = (quoted: string, requested: string): AppError =>
  AppError.invalidRequest(
    'category_quote_mismatch',
    `The quote was made for category "${quoted}"; this delivery asks for "${requested}". Leave category out to inherit it, or request a new quote.`,
    'category',
  );

/** Between services only: delivery-service checks the pickup's licence, then claims again. */
export const licenceCheckNeeded = (category: string): AppError =>
  new AppError(409, ErrorType.InvalidRequest, LICENCE_CHECK_NEEDED, `The quote is for ${category}: its pickup's licence is checked before it is claimed.`, 'quote_id');

/** mayCrossProvinces refused the route: the dropoff is in a province this category cannot be carried to from the pickup's. */
export const restrictedRoute = (category: string, pickupProvince: string, dropoffProvince: string): AppError =>
  AppError.invalidRequest(
    'restricted_route',
    `${category} cannot be delivered across a provincial border: the pickup is in ${pickupProvince} and the dropoff in ${dropoffProvince}. Choose a dropoff in ${pickupProvince}.`,
    'dropoff_address',
  );

/** The geocoder knows the postal-code area's location to be wrong: no price is given from a wrong point (docs/api.md, "Where prices come from"). */
export const unreliableArea = (fsa: string, param: string): AppError =>
  new AppError(
    400,
    ErrorType.InvalidRequest,
    'address_not_found',
    `We cannot locate postal-code area ${fsa} reliably enough to price a delivery: our location for it is known to be wrong. Write the address with another postal code of the same street if it has one, or contact support.`,
    param,
  );
