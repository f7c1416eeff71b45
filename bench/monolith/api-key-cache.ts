import { createHash } from 'node:crypto';
import type { Mode } from '@sdd/contracts';

/** Whose a key is. */
export interface KeyScope {
  merchantId: string;
  mode: Mode;
}

/** The gateway's key hash (apps/api-gateway/src/auth/api-key.ts): keys are stored only as their SHA-256. */
export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** The key of `Authorization: Bearer <key>`; undefined when there is none. */
export function bearerKey(header: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
}

/**
 * Keys by hash, in the process: a known key costs a hash and a map lookup; an
 * unknown one is looked up in Postgres (`load`) and its answer kept, found or
 * not (the bench never revokes a key).
 */
export class ApiKeyCache {
  private readonly scopes = new Map<string, Promise<KeyScope | undefined>>();

  constructor(private readonly load: (keyHash: string) => Promise<KeyScope | undefined>) {}

  scopeOf(key: string): Promise<KeyScope | undefined> {
    const keyHash = hashKey(key);
    let scope = this.scopes.get(keyHash);
    if (scope === undefined) {
      scope = this.load(keyHash);
      this.scopes.set(keyHash, scope);
      scope.catch(() => this.scopes.delete(keyHash));
    }
    return scope;
  }
}
