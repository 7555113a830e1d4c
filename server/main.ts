import { createApp, type App } from './app';
import { StartupError, configFromEnv, type ServerConfig } from './config';

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
  console.error(`CargoBici no arranca (DATA_DIR=${process.env.DATA_DIR ?? './data'}): ${err.message}`);
  process.exit(1);
}
const { server } = app;

const shutdown = async (signal: string) => {
  server.log.info(`${signal}: cerrando el servidor`);
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await server.listen({ port: config.port, host: config.host });
server.log.info(`CargoBici en http://localhost:${config.port} (datos en ${config.dataDir})`);
