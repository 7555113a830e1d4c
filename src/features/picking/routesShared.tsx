/**
 * Picking, route level (issue 12): /picking (the day's routes at the picker's hub),
 * /picking/route/:id (`all` = every route of the day) with the route's delivery points, and
 * /picking/route/:id/pe/:idPE (one point's products on that route). /blank/picking is /picking on
 * the blank layout (a fixed station).
 */
import type { Route } from '../../domain/entities/operation';

/** Routes the picking floor shows: not drafts, not cancelled. */
export function pickingRoutes(routes: readonly Route[]): Route[] {
  return routes.filter((r) => r.status !== 'draft' && r.status !== 'cancelled').sort((a, b) => a.code.localeCompare(b.code));
}
