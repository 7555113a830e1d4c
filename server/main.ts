import { createApp, type App } from './app';
import { StartupError, configFromEnv, type ServerConfig } from './config';
import { t } from '../src/i18n';
import '../src/i18n/es/server';

let config: ServerConfig;
let app: App;
try {
  config = configFromEnv();
  app = await createApp({
    dataDir: config.dataDir,
    staticDir: config.staticDir,
    logger: true,
    smtpUrl: config.smtpUrl,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    osrmUrl: config.osrmUrl,
    connections: config.connections,
    uploads: config.uploads,
    ...(config.sms ? { sms: config.sms } : {}),
    seed: config.production
      ? { mode: 'production', adminEmail: config.adminEmail, adminPassword: config.adminPassword }
      : { mode: 'demo', seed: config.demoSeed },
  });
} catch (err) {
  if (!(err instanceof StartupError)) throw err;
  console.error(t('server.startup.failed', { dir: process.env.DATA_DIR ?? './data', message: err.message }));
  process.exit(1);
}
const { server } = app;

const shutdown = async (signal: string) => {
  server.log.info(t('server.log.stopping', { signal }));
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await server.listen({ port: config.port, host: config.host });
server.log.info(t('server.log.listening', { port: String(config.port), dir: config.dataDir }));
