import type { FastifyInstance } from 'fastify';

/**
 * The methods each route path takes, learnt from every route as it is added (an `onRoute` hook on
 * the root, added before any route, so the routes of every scope reach it): what a `405` names in
 * its `Allow` header for a path that exists with other methods.
 */
export class RouteMethods {
  readonly #routes: Array<{ readonly matches: RegExp; readonly methods: Set<string> }> = [];

  /** Starts learning the routes `app` and its scopes add from now on. */
  static collect(app: FastifyInstance): RouteMethods {
    const table = new RouteMethods();
    app.addHook('onRoute', (route) => table.add(route.url, [route.method].flat()));
    return table;
  }

  add(url: string, methods: readonly string[]): void {
    const matches = pathPattern(url);
    const known = this.#routes.find((route) => route.matches.source === matches.source);
    const set = known?.methods ?? new Set<string>();
    for (const method of methods) set.add(method.toUpperCase());
    // Fastify answers HEAD for every GET route (exposeHeadRoutes).
    if (set.has('GET')) set.add('HEAD');
    if (!known) this.#routes.push({ matches, methods: set });
  }

  /** The methods routes take at `path` (no query), sorted; empty when no route has that path. */
  allowed(path: string): string[] {
    const methods = new Set<string>();
    for (const route of this.#routes) {
      if (route.matches.test(path)) for (const method of route.methods) methods.add(method);
    }
    return [...methods].sort();
  }
}

/** A router path (`/api/schools/:id`, `/docs/*`) as a RegExp matching the paths it routes. */
function pathPattern(url: string): RegExp {
  const source = url
    .split('/')
    .map((part) =>
      part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}$`, 'u');
}
