/**
 * The shape of a catalogue: the Spanish one's keys with any text. Every other language's module
 * is typed with it (`Shape<typeof esModule>`), so a key missing or added there fails the typecheck;
 * tests/i18n/catalogues.test.ts checks the `{variables}` of each text.
 */
export type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
