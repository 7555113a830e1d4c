import { existsSync, mkdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ServerConfig } from './config';

export interface AppOptions extends Pick<ServerConfig, 'dataDir' | 'staticDir'> {
  readonly logger?: boolean;
}

/**
 * The embedded server: the API under /api and the built PWA with a single-page-app fallback
 * (any other GET that is not a file answers index.html, so deep links work).
 */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  mkdirSync(opts.dataDir, { recursive: true });
  const app = Fastify({ logger: opts.logger ?? false });

  app.get('/api/health', async () => ({ status: 'ok', time: new Date().toISOString() }));

  const hasPwa = existsSync(join(opts.staticDir, 'index.html'));
  if (hasPwa) {
    await app.register(fastifyStatic, {
      root: opts.staticDir,
      wildcard: false,
      index: ['index.html'],
      setHeaders(reply, path) {
        // The service worker and the HTML must always be revalidated; hashed assets never change.
        if (path.endsWith('sw.js') || path.endsWith('.html') || path.endsWith('.webmanifest')) {
          reply.header('Cache-Control', 'no-cache');
        } else if (path.includes(`${sep}assets${sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.raw.url ?? '/';
    if (url.startsWith('/api/') || url === '/api') {
      return reply.code(404).send({ error: 'not_found', message: 'Recurso de la API no encontrado' });
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && hasPwa) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('No encontrado');
  });

  return app;
}
