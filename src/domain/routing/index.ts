/**
 * The route optimiser (issue 11): pure domain code, run in a Web Worker by the app
 * (src/workers/optimiser.ts). The planning board uses the day API (./day.ts); the rest is the
 * general problem model, the solver and the independent checker.
 */
export * from './model';
export * from './matrix';
export { checkPlan, type CheckOptions, type CheckResult, type CheckedRoute, type CheckedStop, type PlanToCheck, type PlanToCheckRoute, type Violation, type ViolationKind } from './check';
export { solve, SolverRun, DEFAULT_SEARCH, type SearchParams, type SolveOptions } from './solver';
export { RoutingInputError, validateProblem } from './instance';
export { orderStops, singleRouteProblem } from './single';
export * from './day';
export { dayInputFromEntities, type DayEntities } from './fromEntities';
