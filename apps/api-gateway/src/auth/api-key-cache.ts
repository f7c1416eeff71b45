import { ApiKeyScope } from './auth-context';

/** What a lookup found, as the database said it at `cachedAt`. */
export interface CachedKey {
  auth: ApiKeyScope;
  /** The key's own end (a rolled key's grace period), in ms; null when it lasts. */
  expiresAtMs: number | null;
  lastUsedAt: Date | null;
}

interface Entry extends CachedKey {
  cachedAtMs: number;
}

/**
 * Keys the gateway has just looked up, by hash, so that a burst of requests
 * with one key costs one query, not one per request. Correctness rests on
 * three rules:
 * - an entry lives `ttlMs` at most, and never past the key's own expiry;
 * - while invalidations cannot be heard (`deaf`), nothing is served or kept,
 *   since a revocation could be missed;
 * - a lookup that started before an invalidation does not store what it
 *   read (the generation changed): it may have read the row before the
 *   revocation committed.
 * At most `capacity` entries: the oldest goes first, so made-up keys (never
 * stored, they fail) and many merchants cannot grow it without bound.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, Entry>();
  private listening = false;
  private generationCounter = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly capacity: number,
  ) {}

  /** Bumped by every invalidation: a lookup stores its result only if it is unchanged since the lookup began. */
  get generation(): number {
    return this.generationCounter;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Invalidations are heard from now on (the subscription is live); the cache may be used. */
  hearing(): void {
    this.clear();
    this.listening = true;
  }

  /** Invalidations may be missed from now on (the subscription is down): forget everything and keep nothing. */
  deaf(): void {
    this.listening = false;
    this.clear();
  }

  get(hash: string, nowMs: number): CachedKey | undefined {
    if (!this.listening || this.ttlMs === 0) return undefined;
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (nowMs - entry.cachedAtMs >= this.ttlMs || (entry.expiresAtMs !== null && entry.expiresAtMs <= nowMs)) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry;
  }

  set(hash: string, key: CachedKey, lookupGeneration: number, nowMs: number): void {
    if (!this.listening || this.ttlMs === 0 || lookupGeneration !== this.generationCounter) return;
    this.entries.delete(hash);
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(hash, { ...key, cachedAtMs: nowMs });
  }

  /** A key was revoked or rolled: drop it (by id; the hash is not published). */
  invalidate(apiKeyId: string): void {
    this.generationCounter++;
    for (const [hash, entry] of this.entries) if (entry.auth.apiKeyId === apiKeyId) this.entries.delete(hash);
  }

  clear(): void {
    this.generationCounter++;
    this.entries.clear();
  }
}
