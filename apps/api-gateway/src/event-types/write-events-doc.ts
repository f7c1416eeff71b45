import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eventTypeCatalog } from './event-type-catalog';
import { eventsDoc } from '@sdd/public-api';

/**
 * Writes docs/events.md from the OpenAPI document the gateway serves (as
 * write-openapi wrote it; the build puts it at dist/openapi/openapi.json).
 *   node -r ./tools/register-paths.js dist/apps/api-gateway/src/event-types/write-events-doc.js <openapi.json> <out.md>
 */
const [documentFile, out] = process.argv.slice(2);
if (!documentFile || !out) {
  console.error('usage: write-events-doc <openapi.json> <out.md>');
  process.exit(2);
}
writeFileSync(resolve(out), eventsDoc(eventTypeCatalog(JSON.parse(readFileSync(resolve(documentFile), 'utf8')))));
