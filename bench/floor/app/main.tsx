/**
 * The floor's rider app (issue 31 §1): what the prescribed stack costs with nothing of ours —
 * React 19, TanStack Router, RxDB on its dexie storage, rxjs, and a Workbox precaching service
 * worker (./sw.ts). It draws 30 route cards from its database (written on the first visit), so a
 * reopen offline reads them from IndexedDB as the product's route list does.
 */
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { createRxDatabase, type RxCollection, type RxJsonSchema } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';

interface RouteDoc {
  id: string;
  name: string;
  code: string;
  hub: number;
  planned_start: string;
  stops: number;
}

const schema: RxJsonSchema<RouteDoc> = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40 },
    name: { type: 'string' },
    code: { type: 'string' },
    hub: { type: 'number' },
    planned_start: { type: 'string' },
    stops: { type: 'number' },
  },
  required: ['id', 'name', 'code', 'hub', 'planned_start', 'stops'],
};

const db = await createRxDatabase<{ routes: RxCollection<RouteDoc> }>({ name: 'floor', storage: getRxStorageDexie(), multiInstance: false });
await db.addCollections({ routes: { schema } });
if ((await db.routes.count().exec()) === 0) {
  await db.routes.bulkInsert(
    Array.from({ length: 30 }, (_, i) => ({
      id: `r-${String(i).padStart(2, '0')}`,
      name: `Ruta ${i + 1}`,
      code: `R-${1000 + i}`,
      hub: 1 + (i % 4),
      planned_start: `0${7 + (i % 3)}:30`,
      stops: 8 + (i % 7),
    })),
  );
}

function RouteList() {
  const [routes, setRoutes] = useState<RouteDoc[]>([]);
  useEffect(() => {
    const sub = db.routes.find({ sort: [{ id: 'asc' }] }).$.subscribe((docs) => setRoutes(docs.map((d) => d.toJSON() as RouteDoc)));
    return () => sub.unsubscribe();
  }, []);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 16 }}>
      <h1>Reparto</h1>
      {routes.map((r) => (
        <article key={r.id} data-testid="route-card" style={{ border: '1px solid #ccc', borderRadius: 8, padding: 12, marginBottom: 8 }}>
          <strong>{r.name}</strong>
          <div>
            {r.code} · Hub {r.hub} · {r.planned_start}
          </div>
          <div>{r.stops} paradas</div>
          <a href={`/ruta/${r.id}`} style={{ display: 'block', minHeight: 44 }}>
            Abrir
          </a>
        </article>
      ))}
    </main>
  );
}

const rootRoute = createRootRoute({ component: Outlet });
const listRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: RouteList });
const distributionRoute = createRoute({ getParentRoute: () => rootRoute, path: '/distribution', component: RouteList });
const router = createRouter({ routeTree: rootRoute.addChildren([listRoute, distributionRoute]) });

const container = document.getElementById('root');
if (!container) throw new Error('#root missing');
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js');
