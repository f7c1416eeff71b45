import { Writable } from 'node:stream';
import pino from 'pino';
import { loggerOptions } from './logger';

const KEY = 'svc_live_9QzX2mW7kLp4TbV1nR8cY3hD6gE5fJ0a';
const TOKEN = 'Ab3dEf6hIj9lMn2pQr5tUv8xYz1bCd4f';

function capture(): { logger: pino.Logger; lines: () => Array<Record<string, unknown>> } {
  const written: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk.toString());
      done();
    },
  });
  const logger = pino(loggerOptions('test-service', 'info'), sink);
  return {
    logger,
    lines: () =>
      written
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('loggerOptions', () => {
  it('redacts secrets inside messages, log fields and errors, keeping the rest', () => {
    const { logger, lines } = capture();
    logger.info(`rolled ${KEY} for GET /track/${TOKEN}/status`);
    logger.warn({ reason: `Bearer ${KEY} refused`, count: 3, context: 'Auth' }, 'refused %s', KEY);
    logger.error({ err: new Error(`no delivery for /track/${TOKEN}`) }, 'unexpected error');
    logger.info({ req: { headers: { authorization: `Bearer ${KEY}` } }, webhook: { secret: 'whsec_x' } }, 'headers');

    const output = JSON.stringify(lines());
    expect(output).not.toContain(KEY.slice(9));
    expect(output).not.toContain(TOKEN);
    expect(output).not.toContain('whsec_x');
    const [message, warning, failure] = lines();
    expect(message.msg).toBe('rolled svc_live_[redacted] for GET /track/[redacted]/status');
    expect(warning).toMatchObject({ reason: 'Bearer svc_live_[redacted] refused', count: 3, context: 'Auth', msg: 'refused svc_live_[redacted]' });
    expect(failure.err).toMatchObject({ type: 'Error', message: 'no delivery for /track/[redacted]', stack: expect.stringContaining('/track/[redacted]') });
  });
});
