import { createApp } from './app';
import { configFromEnv } from './config';

const config = configFromEnv();
const { server } = await createApp({
  dataDir: config.dataDir,
  staticDir: config.staticDir,
  logger: true,
  smtpUrl: config.smtpUrl,
  publicUrl: config.publicUrl,
  seed: config.production
    ? { mode: 'production', adminEmail: config.adminEmail, adminPassword: config.adminPassword }
    : { mode: 'demo', seed: config.demoSeed },
});

const shutdown = async (signal: string) => {
  server.log.info(`${signal}: cerrando el servidor`);
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await server.listen({ port: config.port, host: config.host });
server.log.info(`CargoBici en http://localhost:${config.port} (datos en ${config.dataDir})`);
