import { EVENT_TYPES } from '@sdd/contracts';
import { eventTypeCatalog } from './event-type-catalog';

const document = {
  components: {
    schemas: {
      Delivery: { type: 'object', properties: { id: { type: 'string' }, status: { type: 'string' } }, required: ['id', 'status'] },
      DeliveredEventData: { type: 'object', properties: { id: { type: 'string' }, delivered_at: { type: 'string', format: 'date-time' } } },
    },
  },
};

describe('eventTypeCatalog', () => {
  const catalog = eventTypeCatalog(document);

  it('lists every event type of the contracts, in their order, each with when it fires', () => {
    expect(catalog.map(({ type }) => type)).toEqual(EVENT_TYPES);
    for (const { description } of catalog) expect(description.length).toBeGreaterThan(20);
  });

  it("takes each type's data schema from the document: DeliveredEventData for delivery.delivered, Delivery for the others", () => {
    for (const entry of catalog) {
      const name = entry.type === 'delivery.delivered' ? 'DeliveredEventData' : 'Delivery';
      expect(entry.data_schema_ref).toBe(`#/components/schemas/${name}`);
      expect(entry.data_schema).toEqual({ $schema: 'http://json-schema.org/draft-07/schema#', ...document.components.schemas[name] });
    }
  });
});
