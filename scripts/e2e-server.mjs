#!/usr/bin/env node
// Starts the embedded server for the e2e suite on a fresh data directory (DATA_DIR is wiped), on the
// run's clock (scripts/e2e-server-main.ts, e2e/clock.ts).
import { rmSync } from 'node:fs';
import { spawn } from 'node:child_process';

const dataDir = process.env.DATA_DIR ?? 'test-results/e2e-data';
rmSync(dataDir, { recursive: true, force: true });
const server = spawn('npx', ['tsx', 'scripts/e2e-server-main.ts'], { stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
