import { AppError } from '@sdd/common';
import { assertEmptyBody } from './empty-body.pipe';

function refusal(body: unknown) {
  try {
    assertEmptyBody(body);
  } catch (error) {
    return (error as AppError).toPayload();
  }
  return undefined;
}

describe('assertEmptyBody', () => {
  it('accepts no body and an empty object', () => {
    expect(refusal(undefined)).toBeUndefined();
    expect(refusal({})).toBeUndefined();
  });

  it.each([
    ['null', null],
    ['an array', []],
    ['an array of objects', [{}]],
    ['a string', 'cancel'],
    ['a number', 0],
    ['a boolean', false],
  ])('refuses %s as not an object', (_name, body) => {
    expect(refusal(body)).toMatchObject({ status: 400, code: 'parameter_invalid', param: null });
  });

  it('names the first field as unknown', () => {
    expect(refusal({ reason: 'customer asked', force: true })).toMatchObject({ status: 400, code: 'parameter_unknown', param: 'reason' });
  });
});
