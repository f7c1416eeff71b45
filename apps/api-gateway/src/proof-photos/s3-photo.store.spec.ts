import { S3PhotoStore } from './s3-photo.store';

const at = new Date('2026-11-25T12:00:00Z');
const store = (endpoint: string) =>
  new S3PhotoStore(
    { endpoint, bucket: 'proofs', credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret', region: 'ca-central-1', service: 's3' }, timeoutMs: 1000 },
    () => at,
  );
const key = `proof-photos/del_1/${'0'.repeat(16)}-${'a'.repeat(64)}.jpg`;

describe('S3PhotoStore.signedUrl', () => {
  it('presigns a path-style GET on the endpoint, valid until the time asked', () => {
    const url = new URL(store('https://s3.ca-central-1.amazonaws.com').signedUrl(key, new Date(at.getTime() + 900_000)));
    expect(`${url.origin}${url.pathname}`).toBe(`https://s3.ca-central-1.amazonaws.com/proofs/${key}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'AKID/20261125/ca-central-1/s3/aws4_request',
      'X-Amz-Date': '20261125T120000Z',
      'X-Amz-Expires': '900',
      'X-Amz-SignedHeaders': 'host',
      'X-Amz-Signature': expect.stringMatching(/^[a-f0-9]{64}$/),
    });
  });

  it('keeps an endpoint path and port, and holds the expiry within what S3 accepts', () => {
    const url = new URL(store('http://minio.internal:9000/storage/').signedUrl(key, new Date(at.getTime() + 30 * 86_400_000)));
    expect(`${url.host}${url.pathname}`).toBe(`minio.internal:9000/storage/proofs/${key}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('604800');
    expect(new URL(store('http://minio.internal:9000').signedUrl(key, at)).searchParams.get('X-Amz-Expires')).toBe('1');
  });
});
