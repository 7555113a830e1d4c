/**
 * The operator's planning actions (issue 11): the route form, the planning board's hand edits,
 * saving an optimiser proposal and publishing. Each is an action (./action.ts `defineAction`,
 * called `action(engine, args, actor)`), written locally first (they work offline), validated
 * with the entity schemas.
 *
 * Orders follow their route: an order put on a route gets its `route_id` and, when «Pendiente»,
 * becomes «En ruta» (`planned`); an order taken off a route (stop removed, route cancelled) gets
 * `route_id` '' and goes back to «Pendiente». Only orders «Pendiente» or «En ruta» of the route's
 * day and hub may be planned; only routes «Borrador» or «Planificada» may be edited.
 *
 * Status changes follow the route machine (src/domain/status/machines.ts) for the actor's role;
 * «Publicar» moves a draft with a rider and stops to «Planificada», which the rider's phone shows.
 *
 * Every action writes all its documents or none (issue 27): it reads what it needs through its
 * `tx`, works out the final state of every route and order it changes (`Changes`), and hands them
 * to the transaction, written together when it ends (journaled, so a closed page cannot leave half
 * of it; routes that give orders up first). The routes' stops are the source of truth of the order ↔ route
 * relation (src/domain/routing/integrity.ts): the server derives the orders' link from them.
 *
 * Where they live: ./planningCore.ts (refusals, `Changes`, shared reads), ./planningEdits.ts
 * (route form and hand edits), ./planningDay.ts (proposals, publishing, carry-over, repair).
 */
export { type ActionEngine, type Actor } from './action';
export { ActionError } from './actionError';
export * from './planningEdits';
export * from './planningDay';
