import type { Mode } from '@sdd/contracts';
import type { ApiKeyListResource, ApiKeyResource, RevokedApiKeyResource, RolledApiKeyResource } from './api-key.resource';

/** A key as the gateway keeps it; its secret is never kept, only a hash the presenter never sees. */
export interface ApiKeyRecord {
  id: string;
  mode: Mode;
  last4: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

export function presentApiKey(key: ApiKeyRecord): ApiKeyResource {
  return {
    id: key.id,
    mode: key.mode,
    last4: key.last4,
    created_at: key.createdAt.toISOString(),
    expires_at: key.expiresAt?.toISOString() ?? null,
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
  };
}

export function presentApiKeyList(keys: ApiKeyRecord[]): ApiKeyListResource {
  return { data: keys.map(presentApiKey) };
}

/** A roll's answer: the new secret, shown once, and until when the key that called keeps working. */
export function presentRolledApiKey(secret: string, mode: Mode, previous: { last4: string; expiresAt: Date }): RolledApiKeyResource {
  return { api_key: secret, mode, previous_key: { last4: previous.last4, expires_at: previous.expiresAt.toISOString() } };
}

export function presentRevokedApiKey(id: string): RevokedApiKeyResource {
  return { id, deleted: true };
}
