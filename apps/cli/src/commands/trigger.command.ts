import { randomUUID } from 'node:crypto';
import { UsageError } from '../args/parse-args';
import { paint } from '../output/output-style';
import { CommandContext } from './command-context';
import { isTriggerName, TRIGGERS } from './trigger-scenarios';

/** Two addresses the offline geocoder knows (README, Try it). */
const PICKUP = '100 King St W, Toronto, ON M5X 1A9';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';

/** `sameday trigger <scenario>`: a test quote and a test delivery playing it; prints the delivery's id and what will happen. */
export async function triggerCommand(context: CommandContext): Promise<number> {
  const { args, out } = context;
  const name = args.words[1];
  if (name === undefined || !isTriggerName(name)) throw new UsageError(`trigger needs a scenario: ${Object.keys(TRIGGERS).join(', ')}`);
  if (context.mode !== 'test') throw new UsageError('trigger plays scenarios of test mode: use a test key (--mode test)');
  const api = context.api();
  out.status(paint(out.style, 'dim', 'Creating a test quote…'));
  const quote = await api.createQuote({ pickup_address: PICKUP, dropoff_address: DROPOFF });
  out.status(paint(out.style, 'dim', `Creating a test delivery from ${quote.id}…`));
  const delivery = await api.createDelivery(
    { quote_id: quote.id, customer: { name: 'Sameday CLI', phone: '+1 416 555 0142' }, ...(name === 'delivered' ? {} : { test_scenario: name }) },
    randomUUID(),
  );
  if (out.style.json) out.json({ delivery_id: delivery.id, quote_id: quote.id, scenario: name, status: delivery.status, what_happens: TRIGGERS[name] });
  else {
    out.line(`Created ${paint(out.style, 'bold', delivery.id)} (quote ${quote.id}), scenario ${name}:`);
    out.line(`  ${TRIGGERS[name]}`);
  }
  return 0;
}
