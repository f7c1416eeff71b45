import { Payload } from '@nestjs/microservices';
import { NEVER, of, TimeoutError } from 'rxjs';
import { DeliveryRecord, Pattern, QuoteRecord, QuoteRef } from '@sdd/contracts';
import { BusClient } from './bus.client';
import { BusHandler } from './bus-handler.decorator';

const auth = { merchantId: 'mer_1', mode: 'test' as const, apiKeyId: 'key_1' };
const quote = { id: 'qt_1' } as QuoteRecord;

/** A client that never connects: `send` is replaced, so only what `request` hands it and returns is under test. */
function clientAnswering(reply: ReturnType<BusClient['send']>) {
  const bus = new BusClient({ redisUrl: 'redis://127.0.0.1:1', prefix: 'unit' });
  const send = jest.spyOn(bus, 'send').mockReturnValue(reply);
  return { bus, send };
}

describe('BusClient typed requests', () => {
  it('request sends the payload to the pattern and resolves with the reply', async () => {
    const { bus, send } = clientAnswering(of(quote));
    const ref = { scope: { merchantId: 'mer_1', mode: 'test' as const }, quoteId: 'qt_1' };

    await expect(bus.request(Pattern.GetQuote, ref)).resolves.toBe(quote);
    expect(send).toHaveBeenCalledWith(Pattern.GetQuote, ref);
  });

  it('requestFor adds the scope alone: the API key id never reaches the bus', async () => {
    const { bus, send } = clientAnswering(of(quote));

    await bus.requestFor(auth, Pattern.GetQuote, { quoteId: 'qt_1' });
    expect(send).toHaveBeenCalledWith(Pattern.GetQuote, { quoteId: 'qt_1', scope: { merchantId: 'mer_1', mode: 'test' } });
  });

  it('request gives up after timeoutMs when one is given', async () => {
    const { bus } = clientAnswering(NEVER);

    await expect(bus.request(Pattern.QuotePing, {}, { timeoutMs: 20 })).rejects.toBeInstanceOf(TimeoutError);
  });

  it('does not compile a payload or a reply of the wrong shape', async () => {
    const { bus, send } = clientAnswering(of(quote));
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
    expect(send).toHaveBeenCalledTimes(5);
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
