import { describe, expect, it } from '@jest/globals';
import type { Driver } from '../drivers/drivers-api';
import { pendingCertifications } from './certification-queue';

const driver = (id: string, createdAt: string, certifications: Driver['certifications']): Driver => ({
  id,
  name: `Driver ${id}`,
  phone: '+14165550100',
  vehicle: 'car',
  home_province: 'ON',
  online: false,
  location: null,
  certifications,
  status: 'active',
  token_expires_at: '2026-12-31T00:00:00Z',
  created_at: createdAt,
});

describe('pendingCertifications', () => {
  it('lists only pending certifications, of the longest-standing drivers first', () => {
    const drivers = [
      driver('new', '2026-11-27T10:00:00Z', [{ kind: 'cannabis_retail', province: 'ON', status: 'pending', expires_at: null }]),
      driver('old', '2026-11-01T10:00:00Z', [
        { kind: 'liquor_service', province: 'ON', status: 'approved', expires_at: null },
        { kind: 'liquor_service', province: 'QC', status: 'pending', expires_at: '2027-01-01T00:00:00Z' },
      ]),
      driver('none', '2026-11-02T10:00:00Z', [{ kind: 'liquor_service', province: 'ON', status: 'revoked', expires_at: null }]),
    ];
    expect(pendingCertifications(drivers)).toEqual([
      { driverId: 'old', driverName: 'Driver old', kind: 'liquor_service', province: 'QC', expiresAt: '2027-01-01T00:00:00Z' },
      { driverId: 'new', driverName: 'Driver new', kind: 'cannabis_retail', province: 'ON', expiresAt: null },
    ]);
  });
});
