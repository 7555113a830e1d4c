import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';

export { toRouterPath } from './routerPath';

export function buildRouter() {
  return createRouter({
    routeTree,
    notFoundMode: 'root',
    defaultPreload: 'intent',
    scrollToTopSelectors: ['#main'],
  });
}

export type AppRouter = ReturnType<typeof buildRouter>;

// TanStack's typed links: `<Link to>`, `navigate` and `redirect` know every path of the
// registry and its parameters.
declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
