import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ApiSchema, getSchemaPath } from '@nestjs/swagger';
import { OPENAPI_DECORATORS_STUB } from './openapi-decorators.stub';

const root = join(__dirname, '..', '..', '..', '..');
/** Where the document is built, with the real package (write-openapi); the apps never load it. */
const BUILD_TIME = ['apps/api-gateway/src/openapi/openapi-document.builder.ts'];
/** What @nestjs/terminus's HealthCheck takes from the package when it finds it. */
const TERMINUS = ['ApiOkResponse', 'ApiServiceUnavailableResponse'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** Every name the apps' and libraries' code imports as a value from @nestjs/swagger. */
function importedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of [...sources(join(root, 'apps')), ...sources(join(root, 'libs'))]) {
    if (BUILD_TIME.includes(relative(root, file))) continue;
    for (const [, typeOnly, list] of readFileSync(file, 'utf8').matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'@nestjs\/swagger'/g)) {
      if (typeOnly) continue;
      for (const name of list.split(',').map((part) => part.trim())) if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]);
    }
  }
  return names;
}

describe('OPENAPI_DECORATORS_STUB', () => {
  it('has every name the code imports from @nestjs/swagger, and what @nestjs/terminus takes', () => {
    const imported = importedNames();
    expect(imported.size).toBeGreaterThan(10);
    const missing = [...imported, ...TERMINUS].filter((name) => !(name in OPENAPI_DECORATORS_STUB));
    expect(missing).toEqual([]);
  });

  it('leaves a class and its members as they are', () => {
    const { ApiProperty, ApiTags } = OPENAPI_DECORATORS_STUB as Record<string, (options?: unknown) => PropertyDecorator & ClassDecorator>;
    class Resource {
      id = 'x';
    }
    expect(ApiTags('Deliveries')(Resource)).toBeUndefined();
    expect(ApiProperty({ type: String })(Resource.prototype, 'id')).toBeUndefined();
    expect(new Resource().id).toBe('x');
  });

  it('names schemas as @nestjs/swagger does: the last ApiSchema name, else the class name', () => {
    const stub = OPENAPI_DECORATORS_STUB as { ApiSchema: typeof ApiSchema; getSchemaPath: typeof getSchemaPath };
    const named = (apiSchema: typeof ApiSchema, name?: string) => {
      class DeliveryResource {}
      apiSchema(name === undefined ? {} : { name })(DeliveryResource);
      return DeliveryResource;
    };
    for (const name of ['Delivery', undefined]) {
      expect(stub.getSchemaPath(named(stub.ApiSchema, name))).toBe(getSchemaPath(named(ApiSchema, name)));
    }
    class Plain {}
    expect(stub.getSchemaPath(Plain)).toBe(getSchemaPath(Plain));
    expect(stub.getSchemaPath('Quote')).toBe(getSchemaPath('Quote'));
    expect(stub.getSchemaPath(named(stub.ApiSchema, 'Delivery'))).toBe('#/components/schemas/Delivery');
  });
});
