/**
 * The source text of `src/routes/routeTree.gen.ts`: one `createRoute` per registry entry, with
 * its path as a literal, so the router's type knows every path and its parameters and TanStack's
 * typed links (`Register`, see router.tsx) check `to` and `params`. Generated, like TanStack's own
 * file-based route tree, so the registry stays the one table (`npm run routes`); a unit test fails
 * when the file is not what the registry gives.
 */
import type { RouteEntry } from '../links/registry';
import { toRouterPath } from './routerPath';

/** A string literal in the house style (single quotes; registry ids and paths have none). */
function quote(text: string): string {
  if (text.includes("'") || text.includes('\\')) throw new Error(`Unexpected quote in ${text}`);
  return `'${text}'`;
}

function routeVar(id: string): string {
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(id)) throw new Error(`Route id is not an identifier: ${id}`);
  return `${id}Route`;
}

export function routeTreeSource(routes: readonly RouteEntry[]): string {
  const lines: string[] = [
    '// Generated from src/links/registry.ts by `npm run routes` (src/routes/routeTreeSource.ts). Do not edit.',
    "import { createRoute } from '@tanstack/react-router';",
    "import { blankLayoutRoute, rootRoute, screenOptions, shellLayoutRoute } from './tree';",
    '',
  ];
  for (const entry of routes) {
    const parent = entry.layout === 'shell' ? 'shellLayoutRoute' : 'blankLayoutRoute';
    lines.push(
      `const ${routeVar(entry.id)} = createRoute({ getParentRoute: () => ${parent}, path: ${quote(toRouterPath(entry.path))}, ...screenOptions(${quote(entry.id)}) });`,
    );
  }
  const children = (layout: RouteEntry['layout']) =>
    routes
      .filter((r) => r.layout === layout)
      .map((r) => `  ${routeVar(r.id)},`)
      .join('\n');
  lines.push(
    '',
    'export const routeTree = rootRoute.addChildren([',
    `  shellLayoutRoute.addChildren([\n${children('shell').replace(/^/gm, '  ')}\n  ]),`,
    `  blankLayoutRoute.addChildren([\n${children('blank').replace(/^/gm, '  ')}\n  ]),`,
    ']);',
    '',
  );
  return lines.join('\n');
}
