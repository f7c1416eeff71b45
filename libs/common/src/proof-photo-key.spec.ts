import { proofPhotoKey } from './proof-photo-key';

const sha = 'a'.repeat(64);

describe('proofPhotoKey', () => {
  it('names the delivery, the uploader and the content, with the type as extension', () => {
    expect(proofPhotoKey('del_1', 'f'.repeat(64), sha, 'image/jpeg')).toMatch(/^proof-photos\/del_1\/[a-f0-9]{16}-a{64}\.jpg$/);
    expect(proofPhotoKey('del_1', 'f'.repeat(64), sha, 'image/png')).toMatch(/\.png$/);
    expect(proofPhotoKey('del_1', 'f'.repeat(64), sha, 'image/webp')).toMatch(/\.webp$/);
  });

  it('is the same for the same upload and differs per driver token, delivery and content', () => {
    const key = proofPhotoKey('del_1', 'f'.repeat(64), sha, 'image/jpeg');
    expect(proofPhotoKey('del_1', 'f'.repeat(64), sha, 'image/jpeg')).toBe(key);
    expect(proofPhotoKey('del_1', 'e'.repeat(64), sha, 'image/jpeg')).not.toBe(key);
    expect(proofPhotoKey('del_2', 'f'.repeat(64), sha, 'image/jpeg')).not.toBe(key);
    expect(proofPhotoKey('del_1', 'f'.repeat(64), 'b'.repeat(64), 'image/jpeg')).not.toBe(key);
  });

  it('does not reveal the token hash', () => {
    expect(proofPhotoKey('del_1', 'f'.repeat(64), sha, 'image/jpeg')).not.toContain('f'.repeat(16));
  });
});
