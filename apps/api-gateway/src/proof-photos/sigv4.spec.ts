import { authorizationHeaders, encodeKeyPath, presignedQuery, sha256OfPayload, SigV4Credentials, uriEncode } from './sigv4';

/** The examples of the S3 documentation ("Signature Calculations for the Authorization Header" and "Authenticating Requests: Using Query Parameters"). */
const credentials: SigV4Credentials = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 's3',
};
const at = new Date('2013-05-24T00:00:00Z');
const EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('SigV4 against the S3 documentation examples', () => {
  it('signs a GET Object with a Range header', () => {
    const headers = authorizationHeaders(
      { method: 'GET', path: '/test.txt', query: {}, headers: { host: 'examplebucket.s3.amazonaws.com', range: 'bytes=0-9' }, payloadHash: EMPTY },
      credentials,
      at,
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('signs a PUT Object with its payload hash', () => {
    const payload = 'Welcome to Amazon S3.';
    expect(sha256OfPayload(payload)).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const headers = authorizationHeaders(
      {
        method: 'PUT',
        path: `/${encodeKeyPath('test$file.text')}`,
        query: {},
        headers: { host: 'examplebucket.s3.amazonaws.com', date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
        payloadHash: sha256OfPayload(payload),
      },
      credentials,
      at,
    );
    expect(headers.authorization).toContain('SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class');
    expect(headers.authorization).toMatch(/Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd$/);
  });

  it('presigns a GET valid for a day', () => {
    const query = presignedQuery({ path: '/test.txt', query: {}, headers: { host: 'examplebucket.s3.amazonaws.com' } }, credentials, at, 86400);
    expect(query).toBe(
      'X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
        '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });
});

describe('uriEncode', () => {
  it('encodes per RFC 3986, keeping only unreserved characters', () => {
    expect(uriEncode("a b!'()*~._-/")).toBe('a%20b%21%27%28%29%2A~._-%2F');
    expect(encodeKeyPath('proof-photos/del 1/x.jpg')).toBe('proof-photos/del%201/x.jpg');
  });
});
