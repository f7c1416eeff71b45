import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { photoUrlSignature } from './photo-url-signature';
import { ProofPhotoStore } from './proof-photo.store';

/**
 * Photos as files under one directory, served back by the gateway itself
 * (`/proof-photos/…`) to URLs it signed. Each file is written whole and
 * synced under a temporary name, then renamed: a reader never sees half a
 * photo, and a crash leaves the old file or the new one.
 */
export class LocalDiskPhotoStore implements ProofPhotoStore {
  constructor(
    private readonly directory: string,
    private readonly publicBaseUrl: string,
    private readonly secret: string,
  ) {}

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    const file = await open(temporary, 'w');
    try {
      await file.writeFile(bytes);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  signedUrl(key: string, expiresAt: Date): string {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    return `${this.publicBaseUrl}/${key}?expires=${expires}&signature=${photoUrlSignature(this.secret, key, expires)}`;
  }

  signatureSecret(): string {
    return this.secret;
  }

  private pathOf(key: string): string {
    return join(this.directory, key);
  }
}

