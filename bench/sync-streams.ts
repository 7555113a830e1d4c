/** bench/sync part 3: one change at a time pushed towards 50 change streams, with who may see it. */
import type { SyncDoc } from '../src/backend/types';
import { CHANGES, CONNECTIONS, CHANGE_TIMEOUT_MS, ADMIN_EMAIL, OPERATOR_EMAIL, OTHER_OPERATOR_EMAIL, now, sleep, info, random, shuffle } from './sync-setup';
import { int, warnings, latencyTable } from './sync-report';
import { type Account, login, pushRaw, withTimeout, type Sink, StreamConn } from './sync-clients';

/** Part 3: the same change pushed with `CONNECTIONS` devices connected, one stream each (they end closed). */
export async function runStreams({ users, routes, orders, used, runTag, conns }: { users: SyncDoc[]; routes: SyncDoc[]; orders: Map<string, SyncDoc>; used: Set<string>; runTag: string; conns: StreamConn[] }): Promise<void> {
  // ── 3. 50 streams ──
  const staffEmails = [ADMIN_EMAIL, OPERATOR_EMAIL, OTHER_OPERATOR_EMAIL, 'operador.bcn@cargobici.test'];
  const riderUsers = users.filter((u) => u.role === 'rider' && u.active === true && u._deleted !== true);
  const riderCount = Math.min(riderUsers.length, CONNECTIONS - staffEmails.length * 2);
  info(`3. ${CONNECTIONS} streams: ${riderCount} riders y ${CONNECTIONS - riderCount} de admin/operadores; iniciando sesión…`);
  const staffAccounts = await Promise.all(staffEmails.map((e) => login(e)));
  const riderAccounts = await Promise.all(riderUsers.slice(0, riderCount).map((u) => login(String(u.email))));

  interface Pending {
    readonly id: string;
    readonly notes: string;
    readonly t0: number;
    readonly expected: ReadonlySet<StreamConn>;
    readonly event: Map<StreamConn, number>;
    readonly pull: Map<StreamConn, number>;
    readonly done: () => void;
  }
  let pending: Pending | null = null;
  const leaks: string[] = [];
  const sink: Sink = (conn, via, at, doc) => {
    const p = pending;
    if (!p) return;
    // An event says «orders changed»; a pull counts when it brings this change.
    if (via === 'pull' && (doc?.id !== p.id || doc.notes !== p.notes)) return;
    if (!p.expected.has(conn)) {
      if (via === 'event') leaks.push(`${conn.label} recibió un aviso de cambio en pedidos que no puede ver (${p.id})`);
      else if (doc?._deleted !== true) leaks.push(`${conn.label} recibió el pedido ${p.id}`);
      return;
    }
    const seen = via === 'event' ? p.event : p.pull;
    if (!seen.has(conn)) seen.set(conn, at);
    if (p.event.size === p.expected.size && p.pull.size === p.expected.size) p.done();
  };
  for (const a of riderAccounts) conns.push(new StreamConn(`rider ${a.email}`, a, sink));
  for (let i = 0; conns.length < CONNECTIONS; i += 1) {
    const a = staffAccounts[i % staffAccounts.length] as Account;
    conns.push(new StreamConn(`${a.role} ${a.email} #${Math.floor(i / staffAccounts.length) + 1}`, a, sink));
  }
  await withTimeout(Promise.all(conns.map((c) => c.open())), 30_000, `abrir ${CONNECTIONS} streams`);

  // Half the changes on orders of the connected riders' routes (one rider each, in turn), half
  // on orders only the admin and the operators see.
  const riderOfRoute = new Map<string, string>();
  for (const r of routes) if (r._deleted !== true && typeof r.rider_id === 'string') riderOfRoute.set(r.id, r.rider_id);
  const riderIds = new Set(riderAccounts.map((a) => a.userId));
  const byRider = new Map<string, string[]>();
  const staffOnly: string[] = [];
  for (const [id, o] of orders) {
    if (used.has(id)) continue;
    const rider = typeof o.route_id === 'string' ? riderOfRoute.get(o.route_id) : undefined;
    if (rider && riderIds.has(rider)) byRider.set(rider, [...(byRider.get(rider) ?? []), id]);
    else staffOnly.push(id);
  }
  shuffle(staffOnly);
  const riderQueue = shuffle([...byRider.keys()]);
  const plan: string[] = [];
  for (let i = 0; i < CHANGES; i += 1) {
    const rider = riderQueue[i % Math.max(1, riderQueue.length)];
    const fromRider = i % 2 === 0 && rider !== undefined ? byRider.get(rider)?.pop() : undefined;
    const id = fromRider ?? staffOnly.pop();
    if (id === undefined) throw new Error('3: no hay pedidos para los cambios');
    used.add(id);
    plan.push(id);
  }

  info(`3. ${CHANGES} cambios con la API de push (operador) hacia los ${CONNECTIONS} streams…`);
  const streamEvent: number[] = [];
  const streamPull: number[] = [];
  const individual: number[] = [];
  const pushAnswer3: number[] = [];
  let riderChanges = 0;
  let audience = 0;
  const pusher = staffAccounts[1] as Account;
  for (const [i, id] of plan.entries()) {
    const current = orders.get(id) as SyncDoc;
    const rider = typeof current.route_id === 'string' ? riderOfRoute.get(current.route_id) : undefined;
    const expected = new Set(conns.filter((c) => c.account.role !== 'rider' || c.account.userId === rider));
    if (expected.size > conns.length - riderCount) riderChanges += 1;
    audience += expected.size;
    const notes = `bench ${runTag} S${i}`;
    let done = () => {};
    const complete = new Promise<void>((resolve) => (done = resolve));
    const t0 = now();
    const p: Pending = { id, notes, t0, expected, event: new Map(), pull: new Map(), done };
    pending = p;
    const answer = await pushRaw(pusher.token, 'orders', [{ assumedMasterState: current, newDocumentState: { ...current, notes, updated_at: Date.now() } }]);
    pushAnswer3.push(now() - t0);
    if (answer.length > 0) warnings.push(`3: el push de ${id} devolvió ${answer.length} estado(s) del servidor: ${JSON.stringify(answer[0]).slice(0, 160)}`);
    const timer = setTimeout(done, CHANGE_TIMEOUT_MS);
    await complete;
    clearTimeout(timer);
    // Let a late delivery to a connection that may not see the change show up as a leak.
    await sleep(20 + random() * 60);
    pending = null;
    const worst = (m: Map<StreamConn, number>) => (m.size === expected.size ? Math.max(...m.values()) - t0 : Number.POSITIVE_INFINITY);
    streamEvent.push(worst(p.event));
    streamPull.push(worst(p.pull));
    for (const c of expected) {
      const at = p.event.get(c);
      individual.push(at === undefined ? Number.POSITIVE_INFINITY : at - t0);
    }
  }

  console.log(`\n3. El mismo cambio con ${CONNECTIONS} dispositivos conectados, un stream cada uno (${riderCount} riders, ${CONNECTIONS - riderCount} admin/operadores)\n`);
  latencyTable([
    { label: 'push → evento `change` en todas las conexiones que pueden verlo', values: streamEvent, goal: true },
    { label: 'push → evento + pull de cada conexión con el documento', values: streamPull, goal: true },
    { label: 'push → evento, por conexión (cada entrega)', values: individual, goal: false },
    { label: 'respuesta del push', values: pushAnswer3, goal: false },
  ]);
  const events = conns.reduce((s, c) => s + c.events, 0);
  const pulls = conns.reduce((s, c) => s + c.pulls, 0);
  console.log(
    `${riderChanges} de ${CHANGES} cambios en pedidos de rutas de riders conectados (los ve ese rider además del personal), el resto solo el personal; ` +
      `${(audience / CHANGES).toFixed(1)} conexiones destinatarias por cambio de media. ${int(events)} eventos y ${int(pulls)} pulls en total. ` +
      `Conexiones que recibieron un cambio que no les toca: ${leaks.length}.`,
  );
  if (leaks.length > 0) warnings.push(`3: ${leaks.length} entrega(s) fuera del ámbito del usuario, p. ej. ${leaks.slice(0, 3).join('; ')}`);
  for (const c of conns) warnings.push(...c.errors);
  for (const c of conns.splice(0)) c.close();

}
