import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { receivePhoto } from './photo-receiver';

describe('receivePhoto', () => {
  let directory: string;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'photo-receiver-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('writes the body to a staging file, with its size, hash and first bytes', async () => {
    const chunks = [Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(100_000, 7), Buffer.from([0xff, 0xd9])];
    const staged = await receivePhoto(Readable.from(chunks), directory, 1_000_000);
    const bytes = Buffer.concat(chunks);
    expect(readFileSync(staged.file)).toEqual(bytes);
    expect(staged).toMatchObject({ size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), head: bytes.subarray(0, 16) });
  });

  it('refuses a body over the cap with 413 as soon as it passes it, leaving no file', async () => {
    const body = new PassThrough();
    const received = receivePhoto(body, directory, 1000);
    body.write(Buffer.alloc(600));
    body.write(Buffer.alloc(600));
    await expect(received).rejects.toMatchObject({ status: 413, code: 'payload_too_large' });
    expect(readdirSync(directory)).toEqual([]);
    body.end();
  });

  it('leaves no file when the body is cut off', async () => {
    const body = new PassThrough();
    const received = receivePhoto(body, directory, 1000);
    body.write(Buffer.alloc(10));
    body.destroy();
    await expect(received).rejects.toThrow('cut off');
    expect(readdirSync(directory)).toEqual([]);
  });
});
