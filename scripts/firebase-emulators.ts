/**
 * The Firebase emulators the Firebase suite, the benchmark and (later) the e2e project run
 * against, started and stopped by us:
 * - the Cloud Firestore emulator: the jar of the Google Cloud SDK's Debian package
 *   `google-cloud-cli-firestore-emulator` on Java 17, enforcing `firestore.rules`. It is started
 *   directly (not through `firebase emulators:start`, which refuses Java 17);
 * - the Firebase Auth emulator of the `firebase-tools` npm package: pure Node, offline, run in
 *   this process.
 * Each one gets a free port, counts as started only when it answers over HTTP (its state, not a
 * delay), and is stopped whatever happens: the Java process runs under a small shell that kills
 * it as soon as our end of its stdin closes, so even a killed Node process leaves no Java behind.
 *
 * CLI: `tsx scripts/firebase-emulators.ts <command…>` starts both, runs the command with
 * FIRESTORE_EMULATOR_HOST, FIREBASE_AUTH_EMULATOR_HOST and GCLOUD_PROJECT set, stops both and
 * exits with the command's code (`npm run test:firebase` runs vitest this way). It fails (exit 1)
 * when Java or the emulator is missing: the Firebase suite is never skipped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEFAULT_PROJECT_ID = 'demo-cargobici';
const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const DEFAULT_JAR = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';

export interface EmulatorAddress {
  readonly host: string;
  readonly port: number;
}

export interface RunningEmulators {
  readonly firestore: EmulatorAddress;
  readonly auth: EmulatorAddress;
  /** Environment the Firebase SDKs and our tests read (`host:port` values). */
  readonly env: Record<string, string>;
  stop(): Promise<void>;
}

export interface EmulatorOptions {
  /** Rules file the Firestore emulator enforces (default: the repository's firestore.rules). */
  readonly rules?: string;
  /** Ports to try, first free one wins (defaults: 9180–9199 and 9280–9299, or FIRESTORE_PORTS / AUTH_PORTS=`from-to`). */
  readonly firestorePorts?: readonly [number, number];
  readonly authPorts?: readonly [number, number];
  /** Longest wait for an emulator to answer (it is a failure, not a skip). */
  readonly startTimeoutMs?: number;
  /** Print the emulators' own output (default: only when they fail to start). */
  readonly verbose?: boolean;
}

export class EmulatorError extends Error {}

function rangeOf(env: string | undefined, fallback: readonly [number, number]): readonly [number, number] {
  const m = env?.match(/^(\d+)-(\d+)$/);
  return m ? [Number(m[1]), Number(m[2])] : fallback;
}

function portIsFree(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const srv = createServer();
    srv.once('error', () => done(false));
    srv.listen(port, host, () => srv.close(() => done(true)));
  });
}

async function freePort(host: string, [from, to]: readonly [number, number], taken: ReadonlySet<number>): Promise<number> {
  for (let p = from; p <= to; p += 1) if (!taken.has(p) && (await portIsFree(host, p))) return p;
  throw new EmulatorError(`No hay ningún puerto libre entre ${from} y ${to} para el emulador`);
}

/** The Firestore emulator's jar: FIRESTORE_EMULATOR_JAR, the Debian package's, or next to `gcloud`. */
export function firestoreJar(): string {
  const candidates = [process.env.FIRESTORE_EMULATOR_JAR, DEFAULT_JAR].filter((p): p is string => typeof p === 'string' && p !== '');
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new EmulatorError(
      `No se encuentra el emulador de Cloud Firestore (${candidates.join(', ')}). Instala el paquete Debian ` +
        '«google-cloud-cli-firestore-emulator» (repositorio apt del Google Cloud SDK) y Java 17 («openjdk-17-jre-headless»), ' +
        'o indica el .jar con FIRESTORE_EMULATOR_JAR.',
    );
  }
  return found;
}

function javaBinary(): string {
  return process.env.JAVA ?? (process.env.JAVA_HOME ? resolve(process.env.JAVA_HOME, 'bin/java') : 'java');
}

async function javaAvailable(): Promise<boolean> {
  return new Promise((done) => {
    const p = spawn(javaBinary(), ['-version'], { stdio: 'ignore' });
    p.once('error', () => done(false));
    p.once('exit', (code) => done(code === 0));
  });
}

/** Resolves when `check` answers true, polling the emulator's HTTP endpoint (its state). */
async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number, failed: () => string | null): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = failed();
    if (reason) throw new EmulatorError(`${what}: ${reason}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new EmulatorError(`${what} no respondió en ${Math.round(timeoutMs / 1000)} s`);
    // Between two polls of the endpoint: the emulator's answer is the state we wait for.
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function answers(url: string, expected: (body: string) => boolean): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  return res.ok && expected(await res.text());
}

interface FirestoreProcess {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: () => string | null;
  stop(): Promise<void>;
}

function startFirestore(host: string, port: number, rules: string, verbose: boolean): FirestoreProcess {
  const jar = firestoreJar();
  const java = javaBinary();
  // The shell runs Java in the background and kills it when its stdin reaches end of file: when
  // we close it (stop) or when this Node process dies for any reason, even SIGKILL.
  const script = 'trap "" INT; "$@" & pid=$!; cat >/dev/null; kill $pid 2>/dev/null; wait $pid 2>/dev/null; exit 0';
  const args = ['-Duser.language=en', '-cp', jar, 'com.google.cloud.datastore.emulator.firestore.CloudFirestore', 'start', `--host=${host}`, `--port=${port}`, `--rules=${rules}`];
  const child = spawn('/bin/sh', ['-c', script, 'firestore-emulator', java, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let log = '';
  let exit: string | null = null;
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
    if (verbose) process.stderr.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('error', (err) => (exit = `no se pudo lanzar (${err.message})`));
  const closed = new Promise<void>((done) => child.once('exit', (code, signal) => {
    exit ??= `terminó (código ${code ?? signal})`;
    done();
  }));
  return {
    child,
    output: () => log,
    exited: () => exit,
    async stop() {
      if (exit === null) child.stdin?.end();
      await closed;
    },
  };
}

interface AuthEmulatorLike {
  start(): Promise<void>;
  stop(): Promise<void>;
}

async function startAuth(host: string, port: number): Promise<AuthEmulatorLike> {
  // firebase-tools is CommonJS without an exports map; its Auth emulator is plain Node.
  const require = createRequire(import.meta.url);
  const { AuthEmulator } = require('firebase-tools/lib/emulator/auth') as {
    AuthEmulator: new (args: { host: string; port: number; projectId: string; singleProjectMode: number }) => AuthEmulatorLike;
  };
  // singleProjectMode 0: every test file may use its own project id (isolated data).
  const emulator = new AuthEmulator({ host, port, projectId: DEFAULT_PROJECT_ID, singleProjectMode: 0 });
  await emulator.start();
  return emulator;
}

export async function startEmulators(opts: EmulatorOptions = {}): Promise<RunningEmulators> {
  const host = '127.0.0.1';
  const timeout = opts.startTimeoutMs ?? 90_000;
  if (!(await javaAvailable())) {
    throw new EmulatorError(`Java no está instalado (${javaBinary()}): el emulador de Firestore necesita Java 17 («apt-get install openjdk-17-jre-headless»)`);
  }
  firestoreJar();
  const rules = resolve(opts.rules ?? resolve(ROOT, 'firestore.rules'));
  if (!existsSync(rules)) throw new EmulatorError(`No existe el fichero de reglas ${rules} (npm run rules)`);

  const fsPort = await freePort(host, opts.firestorePorts ?? rangeOf(process.env.FIRESTORE_PORTS, [9180, 9199]), new Set());
  const authPort = await freePort(host, opts.authPorts ?? rangeOf(process.env.AUTH_PORTS, [9280, 9299]), new Set([fsPort]));

  const firestore = startFirestore(host, fsPort, rules, opts.verbose ?? false);
  let auth: AuthEmulatorLike | null = null;
  const stop = async () => {
    await Promise.allSettled([firestore.stop(), auth?.stop() ?? Promise.resolve()]);
  };
  try {
    const authStarted = startAuth(host, authPort).then((a) => (auth = a));
    await waitUntil(`El emulador de Firestore (puerto ${fsPort})`, () => answers(`http://${host}:${fsPort}/`, (b) => b.trim() === 'Ok'), timeout, firestore.exited);
    await authStarted;
    await waitUntil(`El emulador de Auth (puerto ${authPort})`, () => answers(`http://${host}:${authPort}/`, (b) => b.includes('"ready": true') || b.includes('"ready":true')), timeout, () => null);
  } catch (err) {
    const log = firestore.output();
    await stop();
    if (err instanceof EmulatorError && log) err.message += `\n--- salida del emulador de Firestore ---\n${log}`;
    throw err;
  }
  const env = {
    FIRESTORE_EMULATOR_HOST: `${host}:${fsPort}`,
    FIREBASE_AUTH_EMULATOR_HOST: `${host}:${authPort}`,
    GCLOUD_PROJECT: DEFAULT_PROJECT_ID,
  };
  return { firestore: { host, port: fsPort }, auth: { host, port: authPort }, env, stop };
}

/** CLI: start the emulators, run a command with their addresses, stop them, exit with its code. */
async function main(argv: string[]): Promise<number> {
  if (argv.length === 0) {
    console.error('Uso: tsx scripts/firebase-emulators.ts <orden…>   (p. ej. vitest run --config vitest.firebase.config.ts)');
    return 2;
  }
  let emulators: RunningEmulators;
  try {
    emulators = await startEmulators({ verbose: process.env.EMULATOR_VERBOSE === '1' });
  } catch (err) {
    console.error(`No se pudieron arrancar los emuladores de Firebase: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  console.info(`Emuladores: Firestore ${emulators.env.FIRESTORE_EMULATOR_HOST}, Auth ${emulators.env.FIREBASE_AUTH_EMULATOR_HOST}`);
  const [cmd, ...args] = argv as [string, ...string[]];
  const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...emulators.env }, shell: false });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(s, forward);
  const code = await new Promise<number>((done) => {
    child.once('error', (err) => {
      console.error(`No se pudo ejecutar «${cmd}»: ${err.message}`);
      done(1);
    });
    child.once('exit', (c, signal) => done(c ?? (signal ? 1 : 0)));
  });
  await emulators.stop();
  return code;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
