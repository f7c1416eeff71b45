import { describe, expect, it } from '@jest/globals';
import { signedOutPage } from './signed-out-page';

describe('signedOutPage', () => {
  it('follows the mailed links by their path and token', () => {
    expect(signedOutPage('/dashboard/sign-in', '#token=abc')).toEqual({ page: 'link-sign-in', token: 'abc' });
    expect(signedOutPage('/dashboard/accept-invitation/', '#token=xyz')).toEqual({ page: 'accept-invitation', token: 'xyz' });
  });

  it('shows the sign-in form anywhere else, or without a token', () => {
    expect(signedOutPage('/dashboard/sign-in', '')).toEqual({ page: 'sign-in' });
    expect(signedOutPage('/dashboard/deliveries', '#token=abc')).toEqual({ page: 'sign-in' });
    expect(signedOutPage('/dashboard', '')).toEqual({ page: 'sign-in' });
  });
});
