import { UsageError } from '../args/parse-args';
import { deliveryLine } from '../output/formats';
import { CommandContext } from './command-context';

/** `sameday deliveries list [--limit N] | get <id> | cancel <id>`. */
export async function deliveriesCommand(context: CommandContext): Promise<number> {
  const { args, out } = context;
  const [, action, id] = args.words;
  const api = context.api();
  if (action === 'list') {
    const limit = args.options.limit === undefined ? 10 : Number(args.options.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new UsageError('--limit must be a whole number from 1 to 100');
    const page = await api.listDeliveries({ limit });
    if (out.style.json) out.json(page);
    else if (page.data.length === 0) out.line(`No ${context.mode} deliveries yet.`);
    else for (const delivery of page.data) out.line(deliveryLine(out.style, delivery));
    return 0;
  }
  if ((action === 'get' || action === 'cancel') && id !== undefined) {
    const delivery = action === 'get' ? await api.getDelivery(id) : await api.cancelDelivery(id);
    if (out.style.json) out.json(delivery);
    else if (action === 'get') out.line(JSON.stringify(delivery, null, 2));
    else out.line(`Cancelled: ${deliveryLine(out.style, delivery)}`);
    return 0;
  }
  throw new UsageError('usage: sameday deliveries list [--limit N] | get <id> | cancel <id>');
}
