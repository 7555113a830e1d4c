#!/usr/bin/env node
// Keeps N CPUs busy (default: every CPU) with one busy-loop worker thread each, until its
// standard input closes (the parent that started it ended, however it ended) or it gets a
// signal. Prints «ready N» once every worker runs. Used by `npm run test:stress`.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const n = Math.max(1, Number(process.argv[2] ?? availableParallelism()));
const LOOP = `
const { parentPort } = require('node:worker_threads');
parentPort.postMessage('running');
let x = 0;
for (;;) x = (x * 1103515245 + 12345) % 2147483648;
`;

let running = 0;
for (let i = 0; i < n; i += 1) {
  const worker = new Worker(LOOP, { eval: true });
  worker.once('message', () => {
    running += 1;
    if (running === n) console.log(`ready ${n}`);
  });
  worker.on('error', (err) => {
    console.error(`cpu-burn: ${String(err)}`);
    process.exit(1);
  });
}

const stop = () => process.exit(0);
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.on('error', stop);
process.stdin.resume();
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, stop);
