import { Payload } from '@nestjs/microservices';
import { WritePacket } from '@nestjs/microservices';
import { AppError } from '@sdd/common';
import { DeliveryRecord, Pattern, QuoteRecord, QuoteRef } from '@sdd/contracts';
import { BusClient } from './bus.client';
import { BusHandler } from './bus-handler.decorator';

const auth = { merchantId: 'mer_1', mode: 'test' as const, apiKeyId: 'key_1' };
const quote = { id: 'qt_1' } as QuoteRecord;

type Publish = (packet: { pattern: string; data: unknown }, callback: (packet: WritePacket) => void) => () => void;

/**
 * A client that never connects: `connect` and `publish` (what Nest's `send`
 * would call too) are replaced, so only what `request` hands over and returns
 * is under test. `reply` undefined: nobody ever answers.
 */
function clientAnswering(reply: WritePacket | undefined) {
  const bus = new BusClient({ redisUrl: 'redis://127.0.0.1:1', prefix: 'unit' });
  jest.spyOn(bus, 'connect').mockResolvedValue();
  const disposed = jest.fn();
  const exposed = bus as unknown as { publish: Publish };
  const publish = jest.spyOn(exposed, 'publish').mockImplementation((_packet, callback) => {
    if (reply) callback(reply);
    return disposed;
  });
  return { bus, publish, disposed };
}

describe('BusClient typed requests', () => {
  it('request sends the payload to the pattern and resolves with the reply', async () => {
    const { bus, publish } = clientAnswering({ response: quote, isDisposed: true });
    const ref = { scope: { merchantId: 'mer_1', mode: 'test' as const }, quoteId: 'qt_1' };

    await expect(bus.request(Pattern.GetQuote, ref)).resolves.toBe(quote);
    expect(publish).toHaveBeenCalledWith({ pattern: Pattern.GetQuote, data: ref }, expect.any(Function));
  });

  it('requestFor adds the scope alone: the API key id never reaches the bus', async () => {
    const { bus, publish } = clientAnswering({ response: quote, isDisposed: true });

    await bus.requestFor(auth, Pattern.GetQuote, { quoteId: 'qt_1' });
    expect(publish).toHaveBeenCalledWith({ pattern: Pattern.GetQuote, data: { quoteId: 'qt_1', scope: { merchantId: 'mer_1', mode: 'test' } } }, expect.any(Function));
  });

  it('request gives up after timeoutMs when one is given, and stops waiting for the reply', async () => {
    const { bus, disposed } = clientAnswering(undefined);

    await expect(bus.request(Pattern.QuotePing, {}, { timeoutMs: 20 })).rejects.toMatchObject({ status: 503 });
    expect(disposed).toHaveBeenCalledTimes(1);
  });

  it("request rejects with the service's error, typed", async () => {
    const { bus } = clientAnswering({ err: AppError.notFound('No such quote.', 'id').toPayload(), isDisposed: true });

    const refused = bus.request(Pattern.GetQuote, { scope: { merchantId: 'mer_1', mode: 'test' }, quoteId: 'qt_1' });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ status: 404, param: 'id' });
  });

  it('does not compile a payload or a reply of the wrong shape', async () => {
    const { bus, publish } = clientAnswering({ response: quote, isDisposed: true });
    const scope = { merchantId: 'mer_1', mode: 'test' as const };

    // @ts-expect-error a quote is asked for by quoteId, not deliveryId
    await bus.request(Pattern.GetQuote, { scope, deliveryId: 'del_1' });
    // @ts-expect-error every scoped request carries its scope
    await bus.request(Pattern.GetQuote, { quoteId: 'qt_1' });
    // @ts-expect-error requestFor builds the scope: the caller cannot pass one
    await bus.requestFor(auth, Pattern.GetQuote, { quoteId: 'qt_1', scope });
    // @ts-expect-error the public tracking page acts for nobody: it has no scope to add
    await bus.requestFor(auth, Pattern.GetPublicTracking, { token: 't' });
    // @ts-expect-error GetQuote answers a quote, not a delivery
    const delivery: DeliveryRecord = await bus.request(Pattern.GetQuote, { scope, quoteId: 'qt_1' });

    expect(delivery).toBe(quote);
    expect(publish).toHaveBeenCalledTimes(5);
  });

  it('does not compile a handler whose reply is not its pattern’s', () => {
    class Handlers {
      @BusHandler(Pattern.GetQuote)
      right(@Payload() request: QuoteRef): Promise<QuoteRecord> {
        return Promise.resolve({ ...quote, id: request.quoteId });
      }

      // @ts-expect-error GetQuote must answer a QuoteRecord
      @BusHandler(Pattern.GetQuote)
      wrong(@Payload() request: QuoteRef): Promise<DeliveryRecord> {
        return Promise.resolve({ id: request.quoteId } as DeliveryRecord);
      }
    }

    return expect(new Handlers().right({ scope: { merchantId: 'mer_1', mode: 'test' }, quoteId: 'qt_9' })).resolves.toMatchObject({ id: 'qt_9' });
  });
});
