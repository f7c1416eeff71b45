import { api } from '../../api/client';
import { unwrap } from '@sdd/web';

export function setAvailability(online: boolean): Promise<unknown> {
  return unwrap(api.POST('/v1/driver/availability', { body: { online } }));
}
