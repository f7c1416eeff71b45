import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * The operator credential (OPS_API_TOKEN), compared in constant time
 * (digests of equal length). Sent as a bearer token by tools, or as the
 * password of Basic authentication by a browser (the queue dashboard); the
 * Basic user name is not looked at. Unset, nothing matches.
 */
export class OpsCredential {
  private readonly expected?: Buffer;

  constructor(token: string | undefined) {
    this.expected = token ? digest(token) : undefined;
  }

  matches(authorization: string | undefined, options: { basic: boolean } = { basic: false }): boolean {
    if (!this.expected || !authorization) return false;
    const presented = /^Bearer\s+(\S+)$/.exec(authorization)?.[1] ?? (options.basic ? basicPassword(authorization) : undefined);
    return presented !== undefined && timingSafeEqual(digest(presented), this.expected);
  }
}

function basicPassword(authorization: string): string | undefined {
  const encoded = /^Basic\s+([A-Za-z0-9+/=]+)$/.exec(authorization)?.[1];
  if (!encoded) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : decoded.slice(colon + 1);
}
