import type { EventTypeResource } from './event-type.resource';

/** Where docs/events.md comes from, as its first lines say. */
export const EVENTS_DOC_COMMAND = 'node -r ./tools/register-paths.js dist/apps/api-gateway/src/event-types/write-events-doc.js dist/openapi/openapi.json docs/events.md';

const schemaName = (ref: string): string => ref.slice(ref.lastIndexOf('/') + 1);
const anchor = (name: string): string => `data-${name.toLowerCase()}`;

/**
 * docs/events.md: each event type, when it fires, and its data schema, as
 * GET /v1/event_types lists them; a schema several types share is written
 * once. The e2e test of the catalog fails while the committed page differs.
 */
export function eventsDoc(catalog: readonly EventTypeResource[]): string {
  const schemas = new Map(catalog.map((entry) => [entry.data_schema_ref, entry.data_schema]));
  const lines = [
    '# Events',
    '',
    `<!-- Generated from GET /v1/event_types' sources (the event types of libs/contracts, their descriptions and the OpenAPI document); do not edit. After a build: ${EVENTS_DOC_COMMAND} -->`,
    '',
    'Every event reaches a webhook endpoint, and `GET /v1/events`, in the envelope `{id, type, created_at, data, sequence}` (the `EventEnvelope` schema of',
    '`/v1/openapi.json`); `GET /v1/event_types` lists the same types with the JSON Schema of their `data`. `webhook.test`, sent by',
    '`POST /v1/webhooks/{id}/test`, is not a delivery event: its `data` is `WebhookTestEventData`.',
    '',
    '| type | when it fires | data |',
    '|---|---|---|',
    ...catalog.map(({ type, description, data_schema_ref }) => `| \`${type}\` | ${description} | [${schemaName(data_schema_ref)}](#${anchor(schemaName(data_schema_ref))}) |`),
  ];
  for (const [ref, schema] of schemas) {
    const name = schemaName(ref);
    const types = catalog.filter((entry) => entry.data_schema_ref === ref).map(({ type }) => `\`${type}\``);
    lines.push(
      '',
      `<a id="${anchor(name)}"></a>`,
      `## ${name}`,
      '',
      `The \`data\` of ${types.join(', ')}: OpenAPI \`${ref}\`, as JSON Schema.`,
      '',
      '```json',
      JSON.stringify(schema, null, 2),
      '```',
    );
  }
  return `${lines.join('\n')}\n`;
}
