import { registerDecorator, ValidateIf, ValidationOptions } from 'class-validator';

/** Ids the services mint: `<prefix>_<base62>`. */
export const MERCHANT_ID_PATTERN = /^mer_[0-9A-Za-z]{1,64}$/;
export const DELIVERY_ID_PATTERN = /^del_(test_)?[0-9A-Za-z]{1,64}$/;

/**
 * A field that must be present but may be null (`x: T | null` in the
 * interface): the other rules run only on a non-null value, and an absent
 * one fails them as missing.
 */
export function NullableButPresent(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== null);
}

/** `Record<string, string>`: a plain object whose values are all strings. */
export function IsStringRecord(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'isStringRecord',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: 'must be an object of strings', ...options },
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value as Record<string, unknown>).every((entry) => typeof entry === 'string'),
      },
    });
  };
}
