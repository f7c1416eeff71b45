import { describe, expect, it } from '@jest/globals';
import { requestHeaders } from './request-headers';

describe('requestHeaders', () => {
  it('sends the mode on every call and the CSRF token only on changes', () => {
    expect(requestHeaders('GET', { mode: 'live', csrfToken: 'tok' })).toEqual({ 'Dashboard-Mode': 'live' });
    expect(requestHeaders('post', { mode: 'test', csrfToken: 'tok' })).toEqual({ 'Dashboard-Mode': 'test', 'X-CSRF-Token': 'tok' });
    expect(requestHeaders('DELETE', { mode: 'test', csrfToken: null })).toEqual({ 'Dashboard-Mode': 'test' });
  });
});
