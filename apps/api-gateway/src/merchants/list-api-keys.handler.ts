import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthContext } from '../auth/auth-context';
import { usableKeysQuery } from './api-key.queries';
import { ApiKeyView, presentApiKey } from './api-key.presenter';

export interface ApiKeyList {
  data: ApiKeyView[];
}

/** The caller's mode's keys that still work, oldest first (at most MAX_UNEXPIRED_KEYS_PER_MODE). */
@Injectable()
export class ListApiKeysHandler {
  constructor(private readonly dataSource: DataSource) {}

  async execute(auth: AuthContext): Promise<ApiKeyList> {
    const keys = await usableKeysQuery(this.dataSource.manager, auth).orderBy('k.created_at', 'ASC').addOrderBy('k.id', 'ASC').getMany();
    return { data: keys.map(presentApiKey) };
  }
}
