import { describe, expect, it } from '@jest/globals';
import { filtersFromParams, filtersToParams, listQuery, prettyBody } from './request-log-filters';

describe('request log filters', () => {
  it('reads a request id and a status from the URL, and writes them back', () => {
    const filters = filtersFromParams(new URLSearchParams('request_id=req_abc123&status=4xx'));
    expect(filters).toEqual({ requestId: 'req_abc123', status: '4xx' });
    expect(filtersToParams(filters).toString()).toBe('request_id=req_abc123&status=4xx');
  });

  it('drops what the API would refuse rather than failing', () => {
    expect(filtersFromParams(new URLSearchParams('request_id=has space&status=6xx'))).toEqual({});
    expect(filtersFromParams(new URLSearchParams(`request_id=${'a'.repeat(129)}&status=20`))).toEqual({});
  });

  it('asks the API for both filters, 100 at a time', () => {
    expect(listQuery({})).toEqual({ limit: 100 });
    expect(listQuery({ requestId: 'req_1', status: '404' })).toEqual({ limit: 100, request_id: 'req_1', status: '404' });
  });
});

describe('prettyBody', () => {
  it('indents JSON and keeps other text as it is', () => {
    expect(prettyBody('{"a":1,"b":[true]}')).toBe('{\n  "a": 1,\n  "b": [\n    true\n  ]\n}');
    expect(prettyBody('{"cut": "at the bou')).toBe('{"cut": "at the bou');
    expect(prettyBody(null)).toBe('');
  });
});
