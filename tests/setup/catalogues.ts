/**
 * Every test runs with every Spanish catalogue loaded (the app loads a feature's with its screens:
 * issue 30 §4). Whether each module imports the catalogues it names is checked by
 * tests/i18n/catalogueLoading.test.ts instead.
 */
import '../../src/i18n/messages.es';
