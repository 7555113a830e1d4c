/*
 * Runs before the app's modules (a classic script in index.html). The page's
 * Content-Security-Policy forbids eval (script-src 'self', server/headers.ts). zod probes
 * whether it may compile its object parsers with new Function when a schema is built; under the
 * policy the probe fails and the browser reports a violation. zod reads this global config when
 * it loads: it parses without compiling, as it would after the failed probe.
 */
globalThis.__zod_globalConfig = Object.assign({}, globalThis.__zod_globalConfig, { jitless: true });
