import { errorCodes } from 'fastify';
import { FASTIFY_CLIENT_ERRORS, FASTIFY_SERVER_MISTAKES, fromFastifyError, isFastifyError } from './fastify-error-map';

/** Every error the installed fastify defines, as it would throw it. */
const LIBRARY_ERRORS = Object.entries(errorCodes).map(([code, FastifyError]) => [code, new FastifyError('a', 'b', 'c')] as const);

describe('fromFastifyError, against every error of the installed fastify', () => {
  it('knows the library errors (the table is derived from it, not hand-kept apart)', () => {
    expect(LIBRARY_ERRORS.length).toBeGreaterThan(50);
    for (const code of [...Object.keys(FASTIFY_CLIENT_ERRORS), ...FASTIFY_SERVER_MISTAKES]) expect(errorCodes).toHaveProperty(code);
  });

  it.each(LIBRARY_ERRORS)('%s: an envelope error with the status fastify gives it, never its message', (code, error) => {
    expect(isFastifyError(error)).toBe(true);
    const mapped = fromFastifyError(error);
    const libraryStatus = error.statusCode ?? 500;
    if (libraryStatus < 500 && !FASTIFY_SERVER_MISTAKES.includes(code)) {
      expect(mapped).toBeDefined();
      expect(mapped?.status).toBe(libraryStatus);
      expect(mapped?.type).toBe('invalid_request_error');
      expect(mapped?.message).not.toContain('FST_');
      expect(mapped?.message).not.toContain(error.message);
    } else if (code === 'FST_ERR_HANDLER_TIMEOUT') {
      expect(mapped?.toPayload()).toMatchObject({ status: 503, code: 'service_unavailable' });
    } else {
      // The server's own mistake: toErrorEnvelope answers 500 internal_error and logs it.
      expect(mapped).toBeUndefined();
    }
  });

  it('answers an overlong path parameter 414, naming it', () => {
    const mapped = fromFastifyError(new errorCodes.FST_ERR_MAX_PARAM_LENGTH('/track/x'), 'token');
    expect(mapped?.toPayload()).toEqual({
      status: 414,
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      message: '`token` must not exceed 100 characters.',
      param: 'token',
    });
  });

  it('recognises Fastify errors only', () => {
    expect(isFastifyError(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(isFastifyError({ code: 'FST_ERR_BAD_URL' })).toBe(false);
  });
});
