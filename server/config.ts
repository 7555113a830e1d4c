import { resolve } from 'node:path';

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Directory of the SQLite file and uploaded files. */
  readonly dataDir: string;
  /** Directory of the built PWA (vite build output). */
  readonly staticDir: string;
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 8080;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`PORT debe ser un número entero entre 1 y 65535 (recibido: «${raw}»)`);
  }
  return port;
}

/** Configuration from the environment: PORT (8080), HOST (0.0.0.0), DATA_DIR (./data), STATIC_DIR (./dist). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: parsePort(env.PORT),
    host: env.HOST && env.HOST !== '' ? env.HOST : '0.0.0.0',
    dataDir: resolve(env.DATA_DIR && env.DATA_DIR !== '' ? env.DATA_DIR : './data'),
    staticDir: resolve(env.STATIC_DIR && env.STATIC_DIR !== '' ? env.STATIC_DIR : './dist'),
  };
}
