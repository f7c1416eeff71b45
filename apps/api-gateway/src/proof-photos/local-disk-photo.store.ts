import { mkdir, readFile, rename, rm, rmdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { photoUrlSignature } from './photo-url-signature';
import type { StagedPhoto } from './photo-receiver';
import { ProofPhotoStore } from './proof-photo.store';

/** A folder that another photo still uses (or that is gone already) stays as it is. */
async function removeIfEmpty(folder: string): Promise<void> {
  await rmdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST' && error.code !== 'ENOENT') throw error;
  });
}

/**
 * Photos as files under one directory, served back by the gateway itself
 * (`/proof-photos/…`) to URLs it signed. Each file arrives whole and synced
 * in the staging directory beside them (photo-receiver.ts), then is renamed
 * into place: a reader never sees half a photo, and a crash leaves the old
 * file or the new one.
 */
export class LocalDiskPhotoStore implements ProofPhotoStore {
  constructor(
    private readonly directory: string,
    private readonly publicBaseUrl: string,
    private readonly secret: string,
  ) {}

  /** The staging file is synced and under the same directory: one rename puts it in place. */
  async put(key: string, photo: StagedPhoto): Promise<void> {
    const path = this.pathOf(key);
    try {
      await this.moveInto(photo.file, path);
    } catch (error) {
      // A move that failed leaves no folder of its own; the staging file is removed with the request.
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

  /** Renames into `path`, making its folder first; again once when a delete of the folder's last photo removed it meanwhile. */
  private async moveInto(file: string, path: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      await mkdir(dirname(path), { recursive: true });
      try {
        return await rename(file, path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt > 0) throw error;
      }
    }
  }

  private pathOf(key: string): string {
    return join(this.directory, key);
  }
}
