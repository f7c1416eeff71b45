import { describe, expect, it } from '@jest/globals';
import { canChange, canManageTeam } from './permissions';

describe('permissions', () => {
  it('lets viewers read only', () => {
    expect([canChange('owner'), canChange('developer'), canChange('viewer')]).toEqual([true, true, false]);
  });

  it('keeps the team to owners', () => {
    expect([canManageTeam('owner'), canManageTeam('developer'), canManageTeam('viewer')]).toEqual([true, false, false]);
  });
});
