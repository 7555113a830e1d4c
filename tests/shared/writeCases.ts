/**
 * ONE list of write cases, run against both backends (issue 29): the embedded server through
 * `/api/sync/:collection/push` as each user (tests/security/write-cases.test.ts) and the real
 * Firestore emulator with the generated firestore.rules, written with the Firestore client SDK as
 * that user would, not through our push code (tests/firebase/write-cases.test.ts). A case
 * allowed by one backend and refused by the other fails the run of one of them.
 *
 * Every case starts from the small operation (tests/helpers/fixtures.ts: route r1 of rider 1 with
 * o1 at pe1 and o2 at pe2, route r2 of rider 2 with o3 at pe3, all in hub 1; the operator and the
 * admin work in hub 1 too) plus its own `seed`,
 * and stores `before` (when given) as the written document's current state. Ids are the case's
 * own, so cases do not see each other's writes.
 *
 * The cases live in ./writeCasesAccess.ts and ./writeCasesEvents.ts (in this order), made with
 * ./writeCaseKit.ts.
 */
import { ACTORS, expected, type Outcome, type Row, type Topic, type Who, type WriteCase } from './writeCaseKit';
import { ACCESS_WRITE_CASES } from './writeCasesAccess';
import { EVENT_WRITE_CASES } from './writeCasesEvents';

export { ACTORS, expected, type Outcome, type Row, type Topic, type Who, type WriteCase };

export const WRITE_CASES: readonly WriteCase[] = [...ACCESS_WRITE_CASES, ...EVENT_WRITE_CASES];
