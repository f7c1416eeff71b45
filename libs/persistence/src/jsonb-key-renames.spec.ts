import { invertRenames, renameJsonbKeys } from './jsonb-key-renames';

describe('renameJsonbKeys', () => {
  it('renames each key in place and touches only rows that still have an old one', () => {
    expect(renameJsonbKeys('quotes', 'quotes', 'pickup', { address: 'street', state: 'province' })).toBe(
      `UPDATE "quotes"."quotes" SET "pickup" = ("pickup" - 'address' - 'state') || jsonb_build_object('street', "pickup" -> 'address', 'province', "pickup" -> 'state') WHERE "pickup" ? 'address' OR "pickup" ? 'state'`,
    );
  });

  it('quotes keys as SQL literals', () => {
    expect(renameJsonbKeys('s', 't', 'c', { "it's": 'its' })).toContain(`"c" - 'it''s'`);
  });

  it('refuses an empty rename', () => {
    expect(() => renameJsonbKeys('s', 't', 'c', {})).toThrow(RangeError);
  });

  it('inverts a rename for the down migration', () => {
    expect(invertRenames({ address: 'street', postal_code: 'postalCode' })).toEqual({ street: 'address', postalCode: 'postal_code' });
  });
});
