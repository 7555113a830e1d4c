/**
 * Typed links from the route registry (issue 16, part 1).
 *
 * The registry keeps the specification's paths (`/distribution/pe/:id/rider_id/:riderId/…`):
 * URLs are a contract, so their mixed-case parameter names stay as they are. The types below
 * read those names from the path pattern itself, so `href('distributionStop', { id, riderId,
 * routeId })` is checked by the compiler: a missing, misspelled or extra parameter does not
 * compile. `makeHref` is generic so this module does not import the registry (which builds its
 * menu with the function it returns).
 */

/** The `/`-separated segments of a path pattern, as a union. */
type Segments<P extends string> = P extends `${infer Head}/${infer Tail}` ? Head | Segments<Tail> : P;

/** `:riderId` → `riderId`; any other segment → never. */
type ParamOf<S extends string> = S extends `:${infer Name}` ? Name : never;

/** The parameter names of a path pattern: `PathParamNames<'/a/:id/b/:x'>` is `'id' | 'x'`. */
export type PathParamNames<P extends string> = ParamOf<Segments<P>>;

/** A value that fills one parameter (numbers are written in decimal). */
export type ParamValue = string | number;

/** The parameters object of a path pattern: exactly its names, each required. */
export type PathParams<P extends string> = { readonly [K in PathParamNames<P>]: ParamValue };

/**
 * The arguments after the id: none (or `{}`) for a path without parameters, the parameters
 * object otherwise.
 */
export type ParamsArg<P extends string> = [PathParamNames<P>] extends [never] ? [params?: Record<string, never>] : [params: PathParams<P>];

declare const hrefBrand: unique symbol;

/** A path built by `href`: a string that names a registry route with all its parameters filled. */
export type AppHref = string & { readonly [hrefBrand]: true };

/**
 * Fills every `:param` segment of `pattern` with its URL-encoded value and drops a trailing
 * slash (`/error-picking-producto/:pe_name/:order_id/:product_id/` has one in the
 * specification; the router does not). Throws when a parameter has no value: a path with a
 * leftover `:param` would be a link to nowhere.
 */
export function fillPath(pattern: string, params: Readonly<Record<string, ParamValue | undefined>>): string {
  const filled = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1);
      const value = params[name];
      if (value === undefined || value === null) throw new Error(`Missing parameter «${name}» for ${pattern}`);
      return encodeURIComponent(String(value));
    })
    .join('/');
  return filled.length > 1 && filled.endsWith('/') ? filled.slice(0, -1) : filled;
}

interface Routed {
  readonly id: string;
  readonly path: string;
}

/** The path pattern of the route with id `I` in the table `R`. */
export type PathOf<R extends readonly Routed[], I extends R[number]['id']> = Extract<R[number], { readonly id: I }>['path'];

/** The typed `href` of a route table (see the registry's `href`). */
export function makeHref<const R extends readonly Routed[]>(routes: R) {
  let byId: Map<string, string> | undefined;
  return function href<I extends R[number]['id']>(id: I, ...args: ParamsArg<PathOf<R, I>>): AppHref {
    byId ??= new Map(routes.map((r) => [r.id, r.path]));
    const pattern = byId.get(id);
    if (pattern === undefined) throw new Error(`Unknown route id: ${id}`);
    return fillPath(pattern, (args[0] ?? {}) as Readonly<Record<string, ParamValue>>) as AppHref;
  };
}
