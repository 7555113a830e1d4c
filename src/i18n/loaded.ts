/**
 * The Spanish texts loaded so far (issue 30 §4: one catalogue per feature, loaded with its
 * screens). Each Spanish catalogue module (`./es/*.ts`) adds its groups here when it is imported:
 * the shared ones by `./index.ts` (the shell's), a feature's by its screens (`import
 * '../../i18n/es/planning'`), everything by `./messages.es.ts` (the server, the tests). `t()`
 * looks texts up here; the types (`MessageKey`) come from every catalogue, with no code.
 */
export const spanish: Record<string, unknown> = {};

/**
 * Adds a catalogue's top-level groups (`{ planning: {…} }`). Adding one again is harmless: the
 * build copies a small catalogue into each chunk that imports it (vite.config.ts's
 * `experimentalInlineCommonChunks`), so each copy adds the same texts when its chunk loads. That a
 * group belongs to one file only is checked by tests/i18n/catalogueLoading.test.ts.
 */
export function addSpanish(part: Readonly<Record<string, unknown>>): void {
  Object.assign(spanish, part);
}
