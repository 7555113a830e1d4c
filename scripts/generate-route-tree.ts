/** Writes src/routes/routeTree.gen.ts from the route registry (`npm run routes`). */
import { writeFileSync } from 'node:fs';
import { ROUTES } from '../src/links/registry';
import { routeTreeSource } from '../src/routes/routeTreeSource';

writeFileSync(new URL('../src/routes/routeTree.gen.ts', import.meta.url), routeTreeSource(ROUTES));
console.log('src/routes/routeTree.gen.ts generado desde src/links/registry.ts');
