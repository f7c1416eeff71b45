import { ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { MAX_REROUTES } from './reroute';

export const rerouteNotAllowed = (status: string) =>
  new AppError(409, ErrorType.InvalidRequest, 'reroute_not_allowed', `This delivery is ${status}: a new dropoff can only be asked before pickup.`);
export const reroutePending = () =>
  new AppError(409, ErrorType.InvalidRequest, 'reroute_pending', 'A reroute of this delivery is waiting for the driver: ask again once it is answered.');
export const noReroutePending = () => new AppError(409, ErrorType.InvalidRequest, 'no_reroute_pending', 'No reroute of this delivery waits for an answer.');
export const reroutePriceChanged = (chargedFee: number, newFee: number, currency: string) =>
  new AppError(
    409,
    ErrorType.InvalidRequest,
    'reroute_price_changed',
    `The new route costs ${newFee} and the customer paid ${chargedFee} (${currency} cents): more than 10% apart. Cancel and create a new delivery instead.`,
    'dropoff_address',
  );
export const rerouteLimitReached = () =>
  new AppError(409, ErrorType.InvalidRequest, 'reroute_limit_reached', `This delivery was rerouted ${MAX_REROUTES} times, the most a delivery may be.`, 'dropoff_address');
export const rerouteDriverNotCertified = (kind: string, provinces: string[]) =>
  new AppError(
    409,
    ErrorType.InvalidRequest,
    'reroute_driver_not_certified',
    `The assigned driver does not hold a valid ${kind} certification of ${provinces.join(' and ')}, which this dropoff needs: the delivery keeps its dropoff.`,
    'dropoff_address',
  );
