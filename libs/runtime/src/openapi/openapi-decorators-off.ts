import Module from 'node:module';
import { OPENAPI_DECORATORS_STUB } from './openapi-decorators.stub';

/**
 * Imported first by every app's main.ts: from here on `@nestjs/swagger` resolves to
 * OPENAPI_DECORATORS_STUB. The gateway serves the document its build wrote
 * (dist/openapi/openapi.json, by write-openapi, which does not import this and so loads the
 * real package); nothing else reads what the decorators record. @nestjs/terminus asks for
 * the package too (its HealthCheck decorator documents itself when it can).
 */
const SWAGGER = '@nestjs/swagger';

interface ModuleLoader {
  _load(request: string, parent: unknown, isMain: boolean): unknown;
}

const loader = Module as unknown as ModuleLoader;
const load = loader._load.bind(loader);
loader._load = (request, parent, isMain) => (request === SWAGGER ? OPENAPI_DECORATORS_STUB : load(request, parent, isMain));
