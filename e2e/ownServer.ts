/**
 * An embedded server of a spec's own (issue 33's notices e2e): the same start as the suite's
 * shared server (scripts/e2e-server-main.ts: demo data, the run's clock, the stand-in OSRM), on
 * its own port and DATA_DIR under test-results/, with the environment the spec gives (SMTP_URL,
 * CB_SMS_URL…). It can be stopped with SIGTERM, as a service manager stops it, and started again
 * on the same folder and port: a server restarted mid-day.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface OwnServer {
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** SIGTERM, and waits until the process has exited (its exit code). */
  stop(): Promise<number | null>;
  /** Starts it again on the same folder and port (after `stop`). */
  restart(): Promise<void>;
  /** The end of the spec: SIGKILL if it still runs (a stop that hung), and the log closed. */
  dispose(): Promise<void>;
}

/**
 * Waits for the server's own «listening» line (server/main.ts logs «CargoBici en <url>» once it
 * listens), then checks /api/health once. Fails when the process exits first, or after
 * `timeoutMs` (an upper bound, not a wait).
 */
async function healthy(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const listening = `CargoBici en ${url}`;
  await new Promise<void>((resolveReady, reject) => {
    let seen = '';
    const timer = setTimeout(() => done(new Error(`the server at ${url} did not start within ${timeoutMs} ms`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4096);
      if (seen.includes(listening)) done(null);
    };
    const onExit = (code: number | null) => done(new Error(`the server exited with ${code} before listening`));
    function done(err: Error | null) {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolveReady();
    }
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
  const res = await fetch(`${url}/api/health`);
  if (!res.ok) throw new Error(`the server at ${url} answered /api/health with ${res.status}`);
}

/**
 * Starts the server on a fresh `test-results/<name>` folder (wiped first). Its log goes to
 * `test-results/<name>.log` (one log across its restarts).
 */
export async function startOwnServer(opts: { name: string; port: number; env: Record<string, string> }): Promise<OwnServer> {
  const dataDir = resolve('test-results', opts.name);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const url = `http://localhost:${opts.port}`;
  const log = createWriteStream(join(resolve('test-results'), `${opts.name}.log`), { flags: 'w' });
  let child: ChildProcess | null = null;

  const launch = async () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'scripts/e2e-server-main.ts'], {
      env: { ...process.env, ...opts.env, PORT: String(opts.port), DATA_DIR: dataDir, PUBLIC_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout?.pipe(log, { end: false });
    proc.stderr?.pipe(log, { end: false });
    child = proc;
    await healthy(url, proc, 120_000);
  };

  const stop = async (): Promise<number | null> => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return proc?.exitCode ?? null;
    const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
    proc.kill('SIGTERM');
    return exited;
  };

  const dispose = async () => {
    const proc = child;
    if (proc && proc.exitCode === null && proc.signalCode === null) {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGKILL');
      await exited;
    }
    child = null;
    await new Promise((r) => log.end(r));
  };

  await launch();
  return { url, port: opts.port, dataDir, stop, restart: launch, dispose };
}
