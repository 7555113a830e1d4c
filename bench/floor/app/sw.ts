/** The floor's service worker: Workbox precaching and the offline navigation fallback, nothing else. */
import { clientsClaim } from 'workbox-core';
import { createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: { __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>; skipWaiting(): Promise<void> };

precacheAndRoute(self.__WB_MANIFEST);
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html')));
void self.skipWaiting();
clientsClaim();
