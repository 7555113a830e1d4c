/**
 * How the report's per-order typed arrays are laid out (./aggregate.ts fills them, ./extra.ts reads
 * them): an order's times and outcome kinds side by side.
 */
/** The layout of ScopeIndex's per-order typed arrays (an order's figures side by side: one cache line whatever the events' order). */
export const TIMES = 4;
export const FIRST_AT = 0;
export const LAST_AT = 1;
export const FIRST_OUTCOME_AT = 2;
export const LAST_OUTCOME_AT = 3;
export const FLAGS = 4;
export const FIRST_OUTCOME = 0;
export const LAST_OUTCOME = 1;
export const PROOFED = 2;
/** Outcome event kinds as codes. */
export const NO_OUTCOME = 0;
export const DELIVERED = 1;
export const PARTIAL = 2;
export const FAILED = 3;
