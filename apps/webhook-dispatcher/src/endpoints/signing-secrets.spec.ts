import { previousSecretExpiry, signingSecrets } from './signing-secrets';

describe('signing secrets', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

  it('signs with the current secret alone when none was rotated out', () => {
    expect(signingSecrets({ secretSealed: 'new', previousSecretSealed: null, previousSecretExpiresAt: null }, now)).toEqual(['new']);
  });

  it('signs with the new and the previous secret, newest first, until the previous one expires', () => {
    const endpoint = { secretSealed: 'new', previousSecretSealed: 'old', previousSecretExpiresAt: at(3_600_000) };
    expect(signingSecrets(endpoint, now)).toEqual(['new', 'old']);
    expect(signingSecrets(endpoint, at(3_599_999))).toEqual(['new', 'old']);
    expect(signingSecrets(endpoint, at(3_600_000))).toEqual(['new']);
    expect(signingSecrets(endpoint, at(7_200_000))).toEqual(['new']);
  });

  it('expires the previous secret after the hours asked, or at once for 0', () => {
    expect(previousSecretExpiry(now, 24)).toEqual(at(24 * 3_600_000));
    expect(previousSecretExpiry(now, 1)).toEqual(at(3_600_000));
    expect(previousSecretExpiry(now, 0)).toBeNull();
  });
});
