import { createHash, createHmac } from 'node:crypto';

/** What AWS Signature Version 4 signs with: an S3-compatible store's keys and region. */
export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

/** A request as SigV4 sees it; `path` is the canonical (already encoded) URI, header names lower-case and `host` among them. */
export interface SignableRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  payloadHash: string;
}

export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();

/** RFC 3986 percent-encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** An object key as a canonical path: every segment encoded, the slashes kept. */
export function encodeKeyPath(key: string): string {
  return key.split('/').map(uriEncode).join('/');
}

export function sha256OfPayload(payload: string | Buffer): string {
  return sha256Hex(payload);
}

/** `20130524T000000Z` */
export function amzDate(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function canonicalQuery(query: Record<string, string>): string {
  return Object.entries(query)
    .map(([name, value]) => [uriEncode(name), uriEncode(value)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function credentialScope(credentials: SigV4Credentials, at: Date): string {
  return `${amzDate(at).slice(0, 8)}/${credentials.region}/${credentials.service}/aws4_request`;
}

/** The signature of a request and the headers it covers. */
export function signatureOf(request: SignableRequest, credentials: SigV4Credentials, at: Date): { signature: string; signedHeaders: string } {
  const names = Object.keys(request.headers).sort();
  const signedHeaders = names.join(';');
  const canonicalHeaders = names.map((name) => `${name}:${request.headers[name].trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalRequest = [request.method, request.path, canonicalQuery(request.query), canonicalHeaders, signedHeaders, request.payloadHash].join('\n');
  const scope = credentialScope(credentials, at);
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate(at), scope, sha256Hex(canonicalRequest)].join('\n');
  const dateKey = hmac(`AWS4${credentials.secretAccessKey}`, amzDate(at).slice(0, 8));
  const signingKey = hmac(hmac(hmac(dateKey, credentials.region), credentials.service), 'aws4_request');
  return { signature: createHmac('sha256', signingKey).update(stringToSign).digest('hex'), signedHeaders };
}

/**
 * The headers that authorize a request (Authorization, x-amz-date,
 * x-amz-content-sha256), for the headers given plus those two.
 */
export function authorizationHeaders(request: SignableRequest, credentials: SigV4Credentials, at: Date): Record<string, string> {
  const headers = { ...request.headers, 'x-amz-date': amzDate(at), 'x-amz-content-sha256': request.payloadHash };
  const { signature, signedHeaders } = signatureOf({ ...request, headers }, credentials, at);
  const authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${credentialScope(credentials, at)}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { ...headers, authorization };
}

/** The query string of a presigned GET: anyone holding the URL may read the object until it expires. */
export function presignedQuery(request: Omit<SignableRequest, 'payloadHash' | 'method'>, credentials: SigV4Credentials, at: Date, expiresInSeconds: number): string {
  const query = {
    ...request.query,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${credentials.accessKeyId}/${credentialScope(credentials, at)}`,
    'X-Amz-Date': amzDate(at),
    'X-Amz-Expires': String(expiresInSeconds),
    'X-Amz-SignedHeaders': Object.keys(request.headers).sort().join(';'),
  };
  const { signature } = signatureOf({ ...request, method: 'GET', query, payloadHash: UNSIGNED_PAYLOAD }, credentials, at);
  return `${canonicalQuery(query)}&X-Amz-Signature=${signature}`;
}
