import { OpsCredential } from './ops-credential';

const token = 'ops_0123456789abcdefghijklmnop';
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('OpsCredential', () => {
  const credential = new OpsCredential(token);

  it('takes the token as a bearer token', () => {
    expect(credential.matches(`Bearer ${token}`)).toBe(true);
    expect(credential.matches(`Bearer ${token}x`)).toBe(false);
    expect(credential.matches('Bearer')).toBe(false);
    expect(credential.matches(undefined)).toBe(false);
  });

  it('takes it as a Basic password only where asked, whatever the user name', () => {
    expect(credential.matches(basic('ops', token))).toBe(false);
    expect(credential.matches(basic('ops', token), { basic: true })).toBe(true);
    expect(credential.matches(basic('', token), { basic: true })).toBe(true);
    expect(credential.matches(basic(token, 'x'), { basic: true })).toBe(false);
    expect(credential.matches(`Basic ${Buffer.from(token).toString('base64')}`, { basic: true })).toBe(false);
    expect(credential.matches('Basic !!!', { basic: true })).toBe(false);
  });

  it('matches nothing when no token is configured', () => {
    const unset = new OpsCredential(undefined);
    expect(unset.matches('Bearer ')).toBe(false);
    expect(unset.matches(basic('ops', ''), { basic: true })).toBe(false);
  });
});
