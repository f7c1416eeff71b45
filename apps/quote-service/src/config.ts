import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNumber, Max, Min } from 'class-validator';
import { BaseConfig } from '@sdd/common';
import { GEOCODER_NAMES, GeocoderName } from './geocoding/geocoder.port';
import { ROUTING_NAMES, RoutingName } from './pricing/route-distance.port';

export class QuoteServiceConfig extends BaseConfig {
  /**
   * Operator-controlled factor on every fee (1 = the published rates). Quotes
   * keep the price they were given; an expired quote is re-priced with the
   * factor in force at delivery creation.
   */
  @Type(() => Number)
  @IsNumber()
  @Min(0.1)
  @Max(10)
  PRICE_MULTIPLIER = 1;

  /**
   * How long a claim holds before the reconciler may settle it if its delivery
   * never confirmed it. Well beyond a delivery creation's bus deadline, so a
   * creation still running is never settled under its feet.
   */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  QUOTE_CLAIM_HOLD_MS = 30_000;

  /** How often one replica settles lapsed unconfirmed claims (confirmed if the delivery exists, else released). */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  QUOTE_RECONCILE_INTERVAL_MS = 10_000;

  /** Which Geocoder turns an address into a point (GEOCODER_NAMES). */
  @IsIn(GEOCODER_NAMES)
  GEOCODER: GeocoderName = 'offline';

  /** Which RouteDistance turns two points into a road distance (ROUTING_NAMES). */
  @IsIn(ROUTING_NAMES)
  ROUTING: RoutingName = 'straight_line';
}
