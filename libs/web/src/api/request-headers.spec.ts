import { describe, expect, it } from '@jest/globals';
import { requestHeaders } from './request-headers';

describe('requestHeaders', () => {
  it('sends the CSRF token only on changes, and the always-sent headers on every call', () => {
    expect(requestHeaders('GET', 'tok', { 'Dashboard-Mode': 'live' })).toEqual({ 'Dashboard-Mode': 'live' });
    expect(requestHeaders('post', 'tok', { 'Dashboard-Mode': 'test' })).toEqual({ 'Dashboard-Mode': 'test', 'X-CSRF-Token': 'tok' });
    expect(requestHeaders('DELETE', null, { 'Dashboard-Mode': 'test' })).toEqual({ 'Dashboard-Mode': 'test' });
    expect(requestHeaders('PATCH', 'tok')).toEqual({ 'X-CSRF-Token': 'tok' });
    expect(requestHeaders('HEAD', 'tok')).toEqual({});
  });
});
