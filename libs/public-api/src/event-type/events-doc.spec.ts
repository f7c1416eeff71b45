import type { EventTypeResource } from './event-type.resource';
import { eventsDoc } from './events-doc';

const schema = (field: string) => ({ type: 'object', properties: { [field]: { type: 'string' } } });
const catalog: EventTypeResource[] = [
  { type: 'delivery.created', description: 'Created.', data_schema: schema('id'), data_schema_ref: '#/components/schemas/Delivery' },
  { type: 'delivery.delivered', description: 'Handed over.', data_schema: schema('delivered_at'), data_schema_ref: '#/components/schemas/DeliveredEventData' },
  { type: 'delivery.cancelled', description: 'Cancelled.', data_schema: schema('id'), data_schema_ref: '#/components/schemas/Delivery' },
];

describe('eventsDoc', () => {
  const doc = eventsDoc(catalog);

  it('has a row per event type, with when it fires and a link to its data schema', () => {
    expect(doc).toContain('| `delivery.created` | Created. | [Delivery](#data-delivery) |');
    expect(doc).toContain('| `delivery.delivered` | Handed over. | [DeliveredEventData](#data-deliveredeventdata) |');
    expect(doc).toContain('| `delivery.cancelled` | Cancelled. | [Delivery](#data-delivery) |');
  });

  it('writes each schema once, naming the types that carry it, as JSON', () => {
    expect(doc.match(/^## /gm)).toHaveLength(2);
    expect(doc).toContain('## Delivery\n\nThe `data` of `delivery.created`, `delivery.cancelled`: OpenAPI `#/components/schemas/Delivery`, as JSON Schema.');
    expect(doc).toContain(`\`\`\`json\n${JSON.stringify(schema('delivered_at'), null, 2)}\n\`\`\``);
  });

  it('says how it is generated, and ends with one newline', () => {
    expect(doc).toContain('write-events-doc.js dist/openapi/openapi.json docs/events.md');
    expect(doc.endsWith('```\n')).toBe(true);
  });
});
