import { buildApp } from './app';
import { configFromEnv } from './config';

const config = configFromEnv();
const app = await buildApp({ dataDir: config.dataDir, staticDir: config.staticDir, logger: true });

const shutdown = async (signal: string) => {
  app.log.info(`${signal}: cerrando el servidor`);
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`CargoBici en http://localhost:${config.port} (datos en ${config.dataDir})`);
