import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { photoTooLarge } from './proof-photo-errors';

/** A photo body as received: written to a staging file while it arrived, never whole in memory. */
export interface StagedPhoto {
  /** The staging file; the request's end removes it, whether the store took it or not. */
  file: string;
  size: number;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
  /** The first bytes, enough for the image signature (sniffImageType). */
  head: Buffer;
}

const HEAD_BYTES = 16;

export function isStagedPhoto(body: unknown): body is StagedPhoto {
  return typeof body === 'object' && body !== null && typeof (body as StagedPhoto).file === 'string' && Buffer.isBuffer((body as StagedPhoto).head);
}

/**
 * Streams a request body to a new file under `directory`, hashing it and
 * counting its bytes as they come: over `maxBytes` it stops writing, removes
 * the file and fails with 413 (the rest of the body is drained, not stored,
 * so the refusal still reaches the client). A body that fails or is cut off
 * leaves no file either. The file is synced before it is handed on.
 */
export async function receivePhoto(payload: NodeJS.ReadableStream, directory: string, maxBytes: number): Promise<StagedPhoto> {
  await mkdir(directory, { recursive: true });
  // Nothing was read meanwhile (no listener yet), but the client may have gone.
  if ((payload as Readable).destroyed) throw new Error('The photo upload was cut off.');
  const file = join(directory, `${randomBytes(12).toString('hex')}.upload`);
  const output = createWriteStream(file, { flags: 'wx' });
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headSize = 0;
  let size = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      let ended = false;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        payload.removeAllListeners('data');
        payload.resume();
        output.destroy();
        reject(error);
      };
      payload.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) return fail(photoTooLarge());
        hash.update(chunk);
        if (headSize < HEAD_BYTES) {
          head.push(chunk.subarray(0, HEAD_BYTES - headSize));
          headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
        }
        if (!output.write(chunk)) payload.pause();
      });
      output.on('drain', () => payload.resume());
      payload.on('end', () => {
        ended = true;
        output.end();
      });
      payload.on('error', fail);
      payload.on('close', () => {
        if (!ended) fail(new Error('The photo upload was cut off.'));
      });
      output.on('error', fail);
      output.on('close', () => {
        if (settled) return;
        settled = true;
        resolve();
      });
    });
    // fsync through a second descriptor flushes the same file: what the store renames into place is on disk.
    const handle = await open(file, 'r+');
    await handle.sync().finally(() => handle.close());
  } catch (error) {
    // Closed first: a file still being opened would otherwise appear after its removal.
    if (!output.closed) await new Promise<void>((resolve) => output.destroy().once('close', () => resolve()));
    await rm(file, { force: true });
    throw error;
  }
  return { file, size, sha256: hash.digest('hex'), head: Buffer.concat(head) };
}
