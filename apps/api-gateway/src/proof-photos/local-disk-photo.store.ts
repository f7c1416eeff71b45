import { FileHandle, mkdir, open, readFile, rename, rm, rmdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { photoUrlSignature } from './photo-url-signature';
import { ProofPhotoStore } from './proof-photo.store';

/** A folder that another photo still uses (or that is gone already) stays as it is. */
async function removeIfEmpty(folder: string): Promise<void> {
  await rmdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST' && error.code !== 'ENOENT') throw error;
  });
}

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
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      const file = await this.create(temporary);
      try {
        await file.writeFile(bytes);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, path);
    } catch (error) {
      // A write that failed leaves nothing: no partial file, no folder of its own. The write's error is the one reported.
      await rm(temporary, { force: true }).catch(() => undefined);
      await removeIfEmpty(dirname(path)).catch(() => undefined);
      throw error;
    }
  }

  /** Removes the photo, and its delivery's folder once that is empty: a refused upload leaves no trace. */
  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    await removeIfEmpty(dirname(path));
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

  /** Opens a new file, making its folder first; again once when a delete of the folder's last photo removed it meanwhile. */
  private async create(path: string): Promise<FileHandle> {
    for (let attempt = 0; ; attempt++) {
      await mkdir(dirname(path), { recursive: true });
      try {
        return await open(path, 'wx');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt > 0) throw error;
      }
    }
  }

  private pathOf(key: string): string {
    return join(this.directory, key);
  }
}

