import type { FastifyInstance } from 'fastify';

/** The URL templates of every route, as registered (`/v1/deliveries/:id`): what a URL refused before routing is matched against. */
export class RouteTemplates {
  private readonly templates = new Set<string>();

  /** Call before the routes are registered (Nest registers them in `listen`). */
  collectFrom(fastify: FastifyInstance): void {
    fastify.addHook('onRoute', (route) => {
      this.templates.add(route.url);
    });
  }

  all(): Iterable<string> {
    return this.templates;
  }
}
