/**
 * bench/sync: the replication protocol of the embedded server under the scaled demo operation.
 *
 * The real server (createApp on a temporary DATA_DIR, demo seed at a large scale) runs in a
 * process of its own (bench/sync-server.ts): a device and the server are different machines and
 * must not share one JavaScript thread. Everything else runs here, on loopback.
 *
 * 1. Initial sync rate (goal ≥ 5,000 documents/s):
 *    a. raw protocol: the admin pulls every collection over HTTP, in pages of 2,000, until drained;
 *    b. a real client: startReplication (src/data/replication.ts) of every collection into an RxDB
 *       memory database with ajv validation (the app's page of 500), until awaitInSync resolves;
 *    c. the same for an operator's device that replicates orders only.
 * 2. An online change reaching another device (goal p95 < 1 s): device A (operator, orders only)
 *    and device B (the admin device of 1b, every collection) replicate live; N changes of an
 *    order's notes, made (i) with device A's Writer and (ii) with the push API; latency from the
 *    start of the change until device B's local RxDB holds the new value.
 * 3. The same with 50 devices, each one change stream (fetch to /api/sync/stream with a bearer
 *    token; the admin and the operators see every order, a rider only those of his routes):
 *    latency from the start of the push until every connection that may see the change has
 *    received its `change` message (which names the collection only, no document), and until
 *    that connection's next pull (what the client does on a message) has returned the document.
 *    A connection told of a change it may not see, or pulling it, is reported.
 *
 * The RxDB free edition opens at most 13 collections per JS realm: 1b opens 12, device A one
 * more; both are closed before part 3, which uses plain streams.
 *
 *   npm run bench:sync                # 20k delivery points, ~50k orders (about 2–4 minutes)
 *   npm run bench:sync -- --quick     # 2k delivery points, ~5k orders (well under a minute)
 *   npm run bench:sync -- --no-ajv    # the devices' RxDB without ajv validation of storage writes
 *   npm run bench:sync -- --no-firestore   # without part 4
 *
 * 4. The same initial sync (1b) and change latency (2, Writer) against the Cloud Firestore
 *    EMULATOR with the Firebase transport (bench/sync-firestore.ts), next to the server's figures
 *    as a ratio. The emulator is not production: the output says so.
 */
import 'fake-indexeddb/auto';
import { cpus, loadavg } from 'node:os';
import type { SyncDoc } from '../src/backend/types';
import { LOCAL_COLLECTIONS, type LocalCollection } from '../src/domain/collections';
import { runFirestore } from './sync-firestore';
import { budget, verdict, writeFigures } from './kit';
import { quick, validate, withFirestore, SCALE, CHANGES, RAW_PAGE, GOAL_DOCS_PER_S, CHANGE_TIMEOUT_MS, SYNC_TIMEOUT_MS, ADMIN_EMAIL, OPERATOR_EMAIL, OTHER_OPERATOR_EMAIL, started, loadAtStart, now, sleep, info, random, shuffle, dataDir, startServer, stopServer, cpuMark, cpuSpent, cpuPressure, removeDataDir } from './sync-setup';
import { int, ms, secs, mb, table, percentile, over, countOver, warnings, budgets, latencies, latencyTable } from './sync-report';
import { baseUrl, setBaseUrl, login, pullRaw, pushRaw, openDevice, type Device, type StreamConn } from './sync-clients';
import { runStreams } from './sync-streams';

// ── The run ──────────────────────────────────────────────────────────────────────────────────
const cpuList = cpus();
console.log(
  `\nbench/sync${quick ? ' --quick' : ''}: Node ${process.version}, ${cpuList.length} CPU (${cpuList[0]?.model.trim() ?? '?'}), ` +
    `carga media 1 min ${loadAtStart.toFixed(1)}, presión de CPU (PSI some avg10) ${cpuPressure()}.`,
);
console.log(
  'La máquina es compartida y ruidosa (otros procesos usan las mismas CPU): las cifras varían de una ejecución a otra; ' +
    'una cifra por encima de su meta se confirma repitiendo.',
);
console.log(
  `Escala demo: ${int(SCALE.deliveryPoints)} puntos de entrega, ${int(SCALE.ordersPerDay)} pedidos/día (hoy y mañana), ` +
    `${SCALE.ridersPerHub} riders por hub. Servidor en un proceso aparte; todo por loopback (127.0.0.1).\n`,
);

const devices: Device[] = [];
const conns: StreamConn[] = [];
let failed = false;

try {
  info('sembrando los datos demo y arrancando el servidor…');
  const ready = await startServer();
  setBaseUrl(ready.url);
  const serverDocs = LOCAL_COLLECTIONS.reduce((s, c) => s + ready.counts[c], 0);
  info(`servidor en ${baseUrl}: ${int(serverDocs)} documentos (${int(ready.counts.orders)} pedidos) sembrados en ${secs(ready.seedMs)}`);

  // ── 1a. Raw pulls ──
  const admin = await login(ADMIN_EMAIL);
  const orders = new Map<string, SyncDoc>();
  const routes: SyncDoc[] = [];
  const users: SyncDoc[] = [];
  const perCollection: { c: LocalCollection; docs: number; requests: number; bytes: number; ms: number }[] = [];
  /** Every document, for part 4 (the same data written into the Firestore emulator). */
  const allDocs = new Map<LocalCollection, SyncDoc[]>();
  info(`1a. pull HTTP de las ${LOCAL_COLLECTIONS.length} colecciones (admin, páginas de ${int(RAW_PAGE)})…`);
  const rawCpu0 = await cpuMark();
  for (const c of LOCAL_COLLECTIONS) {
    const t0 = now();
    let docs = 0;
    let requests = 0;
    let bytes = 0;
    let seq: number | null = null;
    const kept: SyncDoc[] = [];
    for (;;) {
      const { page, bytes: b } = await pullRaw(admin.token, c, seq, RAW_PAGE);
      requests += 1;
      docs += page.documents.length;
      bytes += b;
      if (c === 'orders' || c === 'routes' || c === 'users') kept.push(...page.documents);
      if (withFirestore) allDocs.set(c, [...(allDocs.get(c) ?? []), ...page.documents]);
      seq = page.checkpoint.seq;
      if (page.documents.length < RAW_PAGE) break;
    }
    perCollection.push({ c, docs, requests, bytes, ms: now() - t0 });
    if (c === 'orders') for (const d of kept) orders.set(d.id, d);
    if (c === 'routes') routes.push(...kept);
    if (c === 'users') users.push(...kept);
    if (docs !== ready.counts[c]) warnings.push(`1a: ${c}: el admin recibió ${int(docs)} documentos; el servidor guarda ${int(ready.counts[c])}`);
  }
  const raw = perCollection.reduce((s, r) => ({ docs: s.docs + r.docs, requests: s.requests + r.requests, bytes: s.bytes + r.bytes, ms: s.ms + r.ms }), {
    docs: 0,
    requests: 0,
    bytes: 0,
    ms: 0,
  });
  const rawCpu = await cpuSpent(rawCpu0);

  // ── 1b. Full client replication (becomes device B of part 2) ──
  info(`1b. réplica inicial RxDB de las ${LOCAL_COLLECTIONS.length} colecciones (admin)…`);
  const deviceB = await openDevice('B-admin', ADMIN_EMAIL, LOCAL_COLLECTIONS);
  devices.push(deviceB);
  if (deviceB.docs !== serverDocs) warnings.push(`1b: el dispositivo del admin tiene ${int(deviceB.docs)} documentos; el servidor guarda ${int(serverDocs)}`);

  // ── 1c. An operator's device with orders only (device A of part 2) ──
  info('1c. réplica inicial RxDB de los pedidos (operador)…');
  const deviceA = await openDevice('A-operador', OPERATOR_EMAIL, ['orders']);
  devices.push(deviceA);
  if (deviceA.docs !== ready.counts.orders) warnings.push(`1c: el dispositivo del operador tiene ${int(deviceA.docs)} pedidos; el servidor guarda ${int(ready.counts.orders)}`);

  console.log('\n1. Sincronización inicial de los datos demo escalados\n');
  {
    const rate = (docs: number, t: number) => (docs / t) * 1000;
    const rows: [string, number, number, { client: number; server: number }][] = [
      [`a. pull HTTP crudo (admin, ${LOCAL_COLLECTIONS.length} colecciones)`, raw.docs, raw.ms, rawCpu],
      [`b. réplica RxDB completa (admin, ${LOCAL_COLLECTIONS.length} colecciones)`, deviceB.docs, deviceB.syncMs, deviceB.cpu],
      ['c. réplica RxDB solo pedidos (operador)', deviceA.docs, deviceA.syncMs, deviceA.cpu],
    ];
    table(
      ['medida', 'documentos', 'tiempo', 'docs/s', 'meta', 'CPU cliente', 'CPU servidor', 'docs/s de CPU'],
      rows.map(([label, docs, t, cpu]) => {
        const r = rate(docs, t);
        const ok = r >= GOAL_DOCS_PER_S;
        budgets.push(budget(`${label}: docs/s`, r, GOAL_DOCS_PER_S, 'docs/s', 'min'));
        if (!ok) countOver();
        return [
          label,
          int(docs),
          secs(t),
          int(r),
          `≥ ${int(GOAL_DOCS_PER_S)} docs/s  ${verdict(ok)}`,
          secs(cpu.client),
          secs(cpu.server),
          int(rate(docs, Math.max(cpu.client, cpu.server))),
        ];
      }),
      [false, true, true, true, false, true, true, true],
    );
    console.log(
      `\na: GET /api/sync/<colección>/pull con páginas de ${int(RAW_PAGE)} (el máximo del servidor), una colección tras otra hasta vaciarla; ` +
        'incluye leer y analizar el JSON. Por colección:\n',
    );
    table(
      ['colección', 'documentos', 'peticiones', 'MB', 'ms', 'docs/s'],
      [
        ...perCollection.map((r) => [r.c, int(r.docs), String(r.requests), mb(r.bytes), ms(r.ms), r.docs > 0 ? int(rate(r.docs, r.ms)) : '—']),
        ['total', int(raw.docs), String(raw.requests), mb(raw.bytes), ms(raw.ms), int(rate(raw.docs, raw.ms))],
      ],
      [false, true, true, true, true, true],
    );
    console.log(
      '\nb y c: startReplication (src/data/replication.ts, waitForLeadership: false) con el transporte del cliente (src/backend/server: fetch, ' +
        `stream SSE) hacia una base RxDB en memoria ${validate ? 'con validación ajv (--no-ajv la quita, como el build de producción)' : 'sin validación ajv (--no-ajv)'} ` +
        'y la página de pull de la app (500); ' +
        'desde startReplication hasta que awaitInSync resuelve (tras iniciar sesión y abrir la base). En b las 12 colecciones se replican a la vez ' +
        'y el código está frío (primera réplica del proceso: compilación de ajv y JIT); c va después.\n' +
        'CPU cliente / servidor: tiempo de CPU de cada proceso en ese intervalo. Si su suma queda muy por debajo del tiempo transcurrido, ' +
        'los procesos esperaban una CPU libre (máquina cargada). docs/s de CPU = documentos / la mayor de las dos (informativa): el ritmo ' +
        'esperable con una CPU libre para cada proceso.',
    );
  }

  // ── 2. Device A → device B ──
  const used = new Set<string>();
  const freeOrders = shuffle([...orders.keys()]);
  const nextOrder = (): string => {
    for (;;) {
      const id = freeOrders.pop();
      if (id === undefined) throw new Error('no quedan pedidos sin usar');
      if (!used.has(id)) {
        used.add(id);
        return id;
      }
    }
  };
  const runTag = Date.now().toString(36);

  /** Resolves with the moment device B's local RxDB holds `notes` for the order (null on timeout). */
  const waitingOnB = new Map<string, { notes: string; resolve: (at: number) => void }>();
  const bSub = deviceB.db.collections.orders.$.subscribe((ev) => {
    const w = waitingOnB.get(ev.documentId);
    if (w && (ev.documentData as { notes?: unknown }).notes === w.notes) {
      waitingOnB.delete(ev.documentId);
      w.resolve(now());
    }
  });
  const arrivalOnB = (id: string, notes: string): Promise<number | null> =>
    new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        waitingOnB.delete(id);
        resolve(null);
      }, CHANGE_TIMEOUT_MS);
      waitingOnB.set(id, {
        notes,
        resolve: (at) => {
          clearTimeout(timer);
          resolve(at);
        },
      });
    });

  info(`2. ${CHANGES} cambios con el Writer del dispositivo A y ${CHANGES} con la API de push, esperando al dispositivo B…`);
  const writerTotal: number[] = [];
  const writerAck: number[] = [];
  for (let i = 0; i < CHANGES; i += 1) {
    const id = nextOrder();
    const notes = `bench ${runTag} A${i}`;
    const arrived = arrivalOnB(id, notes);
    const t0 = now();
    await deviceA.writer.patch('orders', id, { notes });
    const at = await arrived;
    writerTotal.push(at === null ? Number.POSITIVE_INFINITY : at - t0);
    // The push answer may come back after device B already has the change.
    const ackBy = now() + CHANGE_TIMEOUT_MS;
    while ((deviceA.acks.get(id) ?? -1) < t0 && now() < ackBy) await sleep(5);
    const ack = deviceA.acks.get(id) ?? -1;
    writerAck.push(ack >= t0 ? ack - t0 : Number.POSITIVE_INFINITY);
    await sleep(20 + random() * 60);
  }
  const operator2 = await login(OTHER_OPERATOR_EMAIL);
  const pushTotal: number[] = [];
  const pushAnswer: number[] = [];
  for (let i = 0; i < CHANGES; i += 1) {
    const id = nextOrder();
    const current = orders.get(id) as SyncDoc;
    const notes = `bench ${runTag} P${i}`;
    const arrived = arrivalOnB(id, notes);
    const t0 = now();
    const answer = await pushRaw(operator2.token, 'orders', [{ assumedMasterState: current, newDocumentState: { ...current, notes, updated_at: Date.now() } }]);
    pushAnswer.push(now() - t0);
    if (answer.length > 0) warnings.push(`2: el push de ${id} devolvió ${answer.length} estado(s) del servidor: ${JSON.stringify(answer[0]).slice(0, 160)}`);
    const at = await arrived;
    pushTotal.push(at === null ? Number.POSITIVE_INFINITY : at - t0);
    await sleep(20 + random() * 60);
  }
  bSub.unsubscribe();
  for (const d of devices) for (const e of d.errors) warnings.push(`dispositivo ${d.label}: ${e}`);

  console.log(`\n2. Un cambio en línea llega a otro dispositivo (notas de un pedido; A: operador, solo pedidos; B: admin, ${LOCAL_COLLECTIONS.length} colecciones)\n`);
  latencyTable([
    { label: 'Writer de A → RxDB local de B', values: writerTotal, goal: true },
    { label: '  de ello: Writer de A → respuesta del push de A', values: writerAck, goal: false },
    { label: 'API de push (otro operador) → RxDB local de B', values: pushTotal, goal: true },
    { label: '  de ello: respuesta del push', values: pushAnswer, goal: false },
  ]);
  console.log(
    'B recibe el evento `change` del stream, su réplica lo toma como RESYNC y tira de la colección desde su checkpoint ' +
      '(src/data/replication.ts); la medida acaba cuando el cambio está escrito en su RxDB.',
  );

  const serverFigures = { docs: deviceB.docs, syncMs: deviceB.syncMs, latencies: writerTotal, admin: deviceB.userId, operator: deviceA.userId };
  // The RxDB devices go: part 3 is about the stream alone (and the 13-collection limit).
  for (const d of devices.splice(0)) await d.close();

  await runStreams({ users, routes, orders, used, runTag, conns });

  // ── 4. The Firestore emulator ──
  if (withFirestore) {
    const fs = await runFirestore({
      docs: allDocs,
      collections: LOCAL_COLLECTIONS,
      admin: { id: serverFigures.admin },
      operator: { id: serverFigures.operator },
      changes: CHANGES,
      validate,
      timeoutMs: SYNC_TIMEOUT_MS,
      info,
    });
    for (const e of fs.errors) warnings.push(`4: ${e}`);
    if (fs.docs !== serverFigures.docs) warnings.push(`4: el dispositivo del admin tiene ${int(fs.docs)} documentos desde Firestore; el servidor le dio ${int(serverFigures.docs)}`);
    console.log(
      '\n4. La misma carga contra el EMULADOR de Cloud Firestore (transporte Firebase). El emulador es un proceso Java local en memoria ' +
        'que evalúa las reglas en cada petición: NO es Firestore en producción (sin red, sin réplicas, sin cuotas). ' +
        'Las cifras comparan los dos transportes en esta máquina, nada más; sin meta.\n',
    );
    const sortedS = [...serverFigures.latencies].sort((x, y) => x - y);
    const sortedF = [...fs.latencies].sort((x, y) => x - y);
    const rateS = (serverFigures.docs / serverFigures.syncMs) * 1000;
    const rateF = (fs.docs / fs.syncMs) * 1000;
    const ratio = (f: number, s: number) => (Number.isFinite(f) && s > 0 ? `${(f / s).toFixed(2)}×` : '—');
    table(
      ['medida', 'servidor integrado', 'emulador Firestore', 'Firestore / servidor'],
      [
        [`réplica inicial del admin (${LOCAL_COLLECTIONS.length} colecciones), docs/s`, int(rateS), int(rateF), ratio(rateF, rateS)],
        ['  documentos · tiempo', `${int(serverFigures.docs)} · ${secs(serverFigures.syncMs)}`, `${int(fs.docs)} · ${secs(fs.syncMs)}`, ''],
        ['Writer de A → RxDB de B, p50 ms', ms(percentile(sortedS, 0.5)), ms(percentile(sortedF, 0.5)), ratio(percentile(sortedF, 0.5), percentile(sortedS, 0.5))],
        ['Writer de A → RxDB de B, p95 ms', ms(percentile(sortedS, 0.95)), ms(percentile(sortedF, 0.95)), ratio(percentile(sortedF, 0.95), percentile(sortedS, 0.95))],
        ['  cambios perdidos', String(sortedS.filter((v) => !Number.isFinite(v)).length), String(sortedF.filter((v) => !Number.isFinite(v)).length), ''],
      ],
      [false, true, true, true],
    );
    console.log(
      `\nSiembra del emulador: ${int(fs.docs)} documentos en ${secs(fs.seedMs)} (lotes de 400, como propietario). En Firestore, B recibe el cambio ` +
        'por un listener onSnapshot del documento más reciente de la colección, lo toma como RESYNC y tira de la colección por (hora del servidor, id).',
    );
  }
} catch (err) {
  failed = true;
  console.error(`\nEl benchmark falló: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
} finally {
  for (const c of conns) c.close();
  for (const d of devices) await d.close().catch(() => {});
  await stopServer();
  removeDataDir();
}

console.log(
  `\nNode ${process.version}; ${cpuList.length} CPU, carga media 1 min ${loadAtStart.toFixed(1)} al empezar y ${(loadavg()[0] ?? 0).toFixed(1)} al acabar; ` +
    `duración total ${secs(performance.now() - started)}. Datos temporales borrados (${dataDir}).`,
);
if (warnings.length > 0) {
  console.log('\nATENCIÓN:');
  for (const w of warnings) console.log(`  - ${w}`);
}
if (!failed) console.log(over === 0 && warnings.length === 0 ? '\nTodas las metas se cumplen.' : `\n${over} medida(s) por encima de su meta.`);
writeFigures('sync', { failed, latencies, warnings }, budgets);
process.exit(failed ? 1 : 0);
