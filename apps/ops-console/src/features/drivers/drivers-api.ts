import { api, type Schemas } from '../../api/client';
import { unwrap } from '@sdd/web';

export type Driver = Schemas['Driver'];
export type CreatedDriver = Schemas['CreatedDriver'];
export type NewDriver = Schemas['CreateDriverRequest'];
export type Certification = Schemas['SetCertificationRequest'];
export type StandingChange = 'deactivate' | 'reactivate' | 'force_offline';

export const listDrivers = (): Promise<Driver[]> => unwrap(api.GET('/v1/ops/drivers')).then((list) => list.data);

export const createDriver = (body: NewDriver): Promise<CreatedDriver> => unwrap(api.POST('/v1/ops/drivers', { body }));

export const certifyDriver = (driverId: string, body: Certification): Promise<Driver> =>
  unwrap(api.POST('/v1/ops/drivers/{driverId}/certifications', { params: { path: { driverId } }, body }));

export const revokeDriver = (driverId: string) => unwrap(api.DELETE('/v1/ops/drivers/{driverId}', { params: { path: { driverId } } }));

export function changeStanding(driverId: string, change: StandingChange): Promise<Driver> {
  const params = { params: { path: { driverId } } };
  if (change === 'deactivate') return unwrap(api.POST('/v1/ops/drivers/{driverId}/deactivate', params));
  if (change === 'reactivate') return unwrap(api.POST('/v1/ops/drivers/{driverId}/reactivate', params));
  return unwrap(api.POST('/v1/ops/drivers/{driverId}/force_offline', params));
}
