import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { ProofPhotoType } from '@sdd/contracts';
import { AppError, SERVICE_UNAVAILABLE_MESSAGE } from '@sdd/common';
import { authorizationHeaders, encodeKeyPath, presignedQuery, sha256OfPayload, SigV4Credentials } from './sigv4';

const EMPTY_PAYLOAD_SHA256 = sha256OfPayload('');
import type { StagedPhoto } from './photo-receiver';
import { ProofPhotoStore } from './proof-photo.store';

export interface S3Location {
  /** `https://s3.ca-central-1.amazonaws.com`, `http://minio:9000`: path-style addressing, which every S3-compatible store serves. */
  endpoint: string;
  bucket: string;
  credentials: SigV4Credentials;
  timeoutMs: number;
}

/**
 * Photos in an S3-compatible bucket, signed with SigV4: uploads with the
 * payload's SHA-256 (the store refuses bytes that changed on the way), reads
 * through presigned URLs that go straight to the store.
 */
export class S3PhotoStore implements ProofPhotoStore {
  private readonly endpoint: URL;

  constructor(
    private readonly location: S3Location,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.endpoint = new URL(location.endpoint);
  }

  /** Streamed from the staging file, signed with the SHA-256 computed as it arrived. */
  async put(key: string, photo: StagedPhoto, contentType: ProofPhotoType): Promise<void> {
    const body = Readable.toWeb(createReadStream(photo.file)) as ReadableStream<Uint8Array>;
    await this.send('PUT', key, { 'content-type': contentType, 'content-length': String(photo.size) }, photo.sha256, body);
  }

  async delete(key: string): Promise<void> {
    await this.send('DELETE', key, {}, EMPTY_PAYLOAD_SHA256);
  }

  signedUrl(key: string, expiresAt: Date): string {
    const now = this.now();
    const seconds = Math.max(1, Math.min(604_800, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)));
    const query = presignedQuery({ path: this.pathOf(key), query: {}, headers: { host: this.endpoint.host } }, this.location.credentials, now, seconds);
    return `${this.endpoint.origin}${this.pathOf(key)}?${query}`;
  }

  private pathOf(key: string): string {
    const base = this.endpoint.pathname.replace(/\/$/, '');
    return `${base}/${encodeKeyPath(this.location.bucket)}/${encodeKeyPath(key)}`;
  }

  private async send(method: string, key: string, headers: Record<string, string>, payloadHash: string, body?: ReadableStream<Uint8Array>): Promise<void> {
    const path = this.pathOf(key);
    const signed = authorizationHeaders({ method, path, query: {}, headers: { ...headers, host: this.endpoint.host }, payloadHash }, this.location.credentials, this.now());
    const { host: _host, ...sent } = signed;
    let response: Response;
    try {
      response = await fetch(`${this.endpoint.origin}${path}`, {
        method,
        headers: sent,
        body,
        duplex: 'half',
        signal: AbortSignal.timeout(this.location.timeoutMs),
      } as RequestInit);
    } catch {
      throw AppError.serviceUnavailable(SERVICE_UNAVAILABLE_MESSAGE);
    }
    await response.arrayBuffer();
    if (response.ok || (method === 'DELETE' && response.status === 404)) return;
    if (response.status >= 500 || response.status === 429) throw AppError.serviceUnavailable(SERVICE_UNAVAILABLE_MESSAGE);
    throw new Error(`The photo store refused ${method} ${key}: HTTP ${response.status}`);
  }
}
