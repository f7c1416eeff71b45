import type { Mode } from '../auth/api-key';
import { ApiKeyEntity } from './api-key.entity';

/** What a merchant may see of a key: never the secret or its hash. */
export interface ApiKeyView {
  id: string;
  mode: Mode;
  last4: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

export function presentApiKey(key: ApiKeyEntity): ApiKeyView {
  return {
    id: key.id,
    mode: key.mode,
    last4: key.last4,
    created_at: key.createdAt.toISOString(),
    expires_at: key.expiresAt?.toISOString() ?? null,
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
  };
}
