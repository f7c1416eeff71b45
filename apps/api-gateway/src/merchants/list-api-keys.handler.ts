import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiKeyListResource, presentApiKeyList } from '@sdd/public-api';
import { AuthContext } from '../auth/auth-context';
import { usableKeysQuery } from './api-key.repository';

/** The caller's mode's keys that still work, oldest first (at most MAX_UNEXPIRED_KEYS_PER_MODE). */
@Injectable()
export class ListApiKeysHandler {
  constructor(private readonly dataSource: DataSource) {}

  async execute(auth: AuthContext): Promise<ApiKeyListResource> {
    const keys = await usableKeysQuery(this.dataSource.manager, auth).orderBy('k.created_at', 'ASC').addOrderBy('k.id', 'ASC').getMany();
    return presentApiKeyList(keys);
  }
}
