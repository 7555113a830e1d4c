/**
 * The kinds of the documents in \`incidences\`. A leaf module without zod: the rider's and
 * picker's first screens query by kind without loading the entity schemas (issue 31);
 * ./events.ts re-exports them.
 */
export const INCIDENCE_KINDS = ['picker-product', 'delivery-product', 'picker-error'] as const;
export type IncidenceKind = (typeof INCIDENCE_KINDS)[number];
/**
 * Kind of the insert-only follow-up documents (issue 13): a change of an incidence's follow-up
 * state, stored in \`incidences\` next to the incidence it names (src/domain/incidences/followUp.ts).
 */
export const FOLLOW_UP_KIND = 'follow-up';
