/**
 * The picker's actions (issue 12), written locally first so they work offline: picks, undos,
 * picking incidences and picker errors are insert-only events with ids made on the device; the
 * statuses of orders and routes then follow what the events mean (src/domain/picking): an order
 * whose every line is picked or covered by an incidence becomes «Preparado», a route whose every
 * order is becomes «Preparada». An operator may force a route «Preparada» with a reason.
 *
 * Every action of one route runs after the previous one (a double tap waits for the first) and
 * ends by settling the route's statuses. `watchPickingSettlement` does the same when events
 * arrive from another tablet, so a route picked by two pickers becomes «Preparada» on whichever
 * device first holds every event.
 *
 * `orders.lines[].picked_quantity` is a cache written when an order becomes «Preparado» (or its
 * route is forced «Preparada»): what the rider loads and delivers. The events are the truth.
 *
 * Each is an action of src/data/action.ts (`(engine, args, actor)`, its documents written together).
 * Where they live: ./pickingCore.ts (refusals, limits, shared reads),
 * ./pickingSettlement.ts (statuses follow the events, forced «Preparada»), ./pickingPicks.ts
 * (picks, scans, undo, typed quantity), ./pickingIncidences.ts (incidences and picker errors).
 */
export {
  MAX_PICK_QUANTITY,
  PICKER_ERROR_TYPES,
  PICKING_INCIDENCE_TYPES,
  routePickingState,
  type PickerErrorType,
  type PickingIncidenceType,
  type RoutePickingState,
} from './pickingCore';
export { actorHubs, type ActionEngine, type Actor } from './action';
export { forceRouteReady, settleRoutePicking, watchPickingSettlement, type Settlement } from './pickingSettlement';
export { pickByScan, recordPick, setPickedQuantity, undoLastPick, type PickResult, type RecordPickInput, type ScanOutcome } from './pickingPicks';
export { recordPickerError, recordPickingIncidence, type PickerErrorInput, type PickingIncidenceInput } from './pickingIncidences';
export { ActionError } from './actionError';
