import type { RouteId, RouteParamNames } from '../../links/registry';

/** The path parameters of route `I`, by name (as in the specification's path). */
export type ScreenParams<I extends RouteId> = { readonly [K in RouteParamNames<I>]: string };

/**
 * What a screen of the route registry receives: its path parameters, typed from the path of the
 * route(s) it is the screen of (issue 30 §5). `ScreenProps<'routeForm'>` has `params.id`; a
 * screen of several routes gets one of their shapes (a parameter only some have must be
 * checked); a screen that reads no parameter takes `ScreenProps` (none). A misspelled or
 * missing parameter does not compile.
 */
export type ScreenProps<I extends RouteId = never> = [I] extends [never]
  ? { readonly params: Readonly<Record<never, string>> }
  : I extends RouteId
    ? { readonly params: ScreenParams<I> }
    : never;
