import { checkPhotoUrl, photoUrlSignature } from './photo-url-signature';

const secret = 's'.repeat(32);
const key = `proof-photos/del_1/${'0'.repeat(16)}-${'a'.repeat(64)}.jpg`;

describe('photo URL signatures', () => {
  const signature = photoUrlSignature(secret, key, 1_000);

  it('accepts its own signature until the expiry second, then calls it expired', () => {
    expect(checkPhotoUrl(secret, key, '1000', signature, 999)).toBe('valid');
    expect(checkPhotoUrl(secret, key, '1000', signature, 1_000)).toBe('valid');
    expect(checkPhotoUrl(secret, key, '1000', signature, 1_001)).toBe('expired');
  });

  it('refuses another key, another expiry, another secret or a malformed signature', () => {
    expect(checkPhotoUrl(secret, key.replace('del_1', 'del_2'), '1000', signature, 0)).toBe('invalid');
    expect(checkPhotoUrl(secret, key, '1001', signature, 0)).toBe('invalid');
    expect(checkPhotoUrl('t'.repeat(32), key, '1000', signature, 0)).toBe('invalid');
    expect(checkPhotoUrl(secret, key, '1000', signature.toUpperCase(), 0)).toBe('invalid');
    expect(checkPhotoUrl(secret, key, '1000', signature.slice(2), 0)).toBe('invalid');
    expect(checkPhotoUrl(secret, key, '1e3', signature, 0)).toBe('invalid');
  });
});
