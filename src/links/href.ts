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

/** `:name` → `$name` in one segment (TanStack Router's parameter syntax). */
type RouterSegment<S extends string> = S extends `:${infer Name}` ? `$${Name}` : S;

/** A registry path pattern in TanStack's syntax, as `toRouterPath` writes it (no trailing slash). */
type RouterPathOf<P extends string> = P extends `${infer Head}/${infer Tail}`
  ? Tail extends ''
    ? Head extends ''
      ? '/'
      : RouterSegment<Head>
    : `${RouterSegment<Head>}/${RouterPathOf<Tail>}`
  : RouterSegment<P>;

/**
 * The target of a typed TanStack link (`navigate(linkTo(…))`, `<Link {...linkTo(…)}>`): the
 * route's pattern in the router's syntax plus its parameters. The registered router
 * (router.tsx) checks it a second time against the generated route tree.
 */
export type LinkTarget<P extends string> = [PathParamNames<P>] extends [never]
  ? { readonly to: RouterPathOf<P> }
  : { readonly to: RouterPathOf<P>; readonly params: { readonly [K in PathParamNames<P>]: string } };

/** The typed `linkTo` of a route table (see the registry's `linkTo`). */
export function makeLinkTo<const R extends readonly Routed[]>(routes: R) {
  let byId: Map<string, string> | undefined;
  return function linkTo<I extends R[number]['id']>(id: I, ...args: ParamsArg<PathOf<R, I>>): LinkTarget<PathOf<R, I>> {
    byId ??= new Map(routes.map((r) => [r.id, r.path]));
    const pattern = byId.get(id);
    if (pattern === undefined) throw new Error(`Unknown route id: ${id}`);
    const to = routerPath(pattern);
    const given = (args[0] ?? {}) as Readonly<Record<string, ParamValue>>;
    const names = pattern
      .split('/')
      .filter((s) => s.startsWith(':'))
      .map((s) => s.slice(1));
    if (names.length === 0) return { to } as LinkTarget<PathOf<R, I>>;
    const params: Record<string, string> = {};
    for (const name of names) {
      const value = given[name];
      if (value === undefined || value === null) throw new Error(`Missing parameter «${name}» for ${pattern}`);
      params[name] = String(value);
    }
    return { to, params } as LinkTarget<PathOf<R, I>>;
  };
}

/** `/routes/route/:id` → `/routes/route/$id` (TanStack Router's parameter syntax, no trailing slash). */
export function routerPath(path: string): string {
  const converted = path
    .split('/')
    .map((seg) => (seg.startsWith(':') ? `$${seg.slice(1)}` : seg))
    .join('/');
  return converted.length > 1 && converted.endsWith('/') ? converted.slice(0, -1) : converted;
}
