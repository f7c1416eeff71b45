import { DroppingClient } from './dropping-client';
import { UnnamedStatementClient } from './unnamed-statement-client';

/** What a client queues for `config` before it is connected: the query pg would send first. */
function queued(client: DroppingClient, config: object): { name?: string; text: string; values?: unknown[] } {
  void (client.query as (config: object) => Promise<unknown>)(config).catch(() => undefined);
  return (client as unknown as { queryQueue: Array<{ name?: string; text: string; values?: unknown[] }> }).queryQueue[0];
}

describe('UnnamedStatementClient', () => {
  const statement = { name: 'quote-by-id', text: 'SELECT * FROM "quotes"."quotes" WHERE "id" = $1', values: ['qt_1'] };

  it('sends a named statement unnamed, with the same text and parameters', () => {
    expect(queued(new UnnamedStatementClient(), statement)).toMatchObject({ name: undefined, text: statement.text, values: ['qt_1'] });
  });

  it('is the only client that drops the name: a direct connection keeps its named statements', () => {
    expect(queued(new DroppingClient(), statement)).toMatchObject({ name: 'quote-by-id', text: statement.text });
  });
});
