/**
 * The checks of the demo data (tests/demo/generate.test.ts): a fixed clock, independent geometry for
 * the city limits, and the schema, integrity and consistency problems of a data set (empty when all is well).
 */
import { LOCAL_COLLECTION_DEFS, LOCAL_COLLECTIONS } from '../../src/domain/collections';
import type { CatalogDoc, Client, Hub, Tax } from '../../src/domain/entities/reference';
import type { DemoData } from '../../server/demo/generate';
import { amountDueCents } from '../../src/domain/money';

export const TODAY = '2026-11-23';
export const TOMORROW = '2026-11-24';
export const NOW = Date.UTC(2026, 10, 23, 9, 45); // 10:45 in Madrid

// ── Independent geometry for the city-limit checks ──────────────────────────────────────────

export function haversineM(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const r = Math.PI / 180;
  const s = Math.sin(((bLat - aLat) * r) / 2) ** 2 + Math.cos(aLat * r) * Math.cos(bLat * r) * Math.sin(((bLng - aLng) * r) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(s));
}
const SOL = { lat: 40.4168, lng: -3.7038 };
const PL_CATALUNYA = { lat: 41.3874, lng: 2.1686 };
/** > 0 on the north-west (land) side of the line (41.352, 2.160) → (41.410, 2.225). */
function landSide(lat: number, lng: number): number {
  const k = Math.cos(41.38 * (Math.PI / 180));
  const dx = (2.225 - 2.16) * k;
  const dy = 41.41 - 41.352;
  return dx * (lat - 41.352) - dy * (lng - 2.16) * k;
}
export function insideMadrid(lat: number, lng: number): boolean {
  return haversineM(SOL.lat, SOL.lng, lat, lng) <= 5000;
}
export function insideBarcelona(lat: number, lng: number): boolean {
  return haversineM(PL_CATALUNYA.lat, PL_CATALUNYA.lng, lat, lng) <= 4000 && landSide(lat, lng) > 0;
}

// ── Integrity checks, as a list of problems (empty when all is well) ────────────────────────

export function schemaProblems(d: DemoData): string[] {
  const problems: string[] = [];
  for (const c of LOCAL_COLLECTIONS) {
    const docs = d[c] as unknown[];
    for (const doc of docs) {
      const r = LOCAL_COLLECTION_DEFS[c].schema.safeParse(doc);
      if (!r.success) {
        const issue = r.error.issues[0];
        problems.push(`${c} ${(doc as { id?: string }).id ?? '?'}: ${issue?.path.join('.')} ${issue?.message}`);
        break; // the first failing document of each collection is enough
      }
    }
  }
  return problems;
}

export function integrityProblems(d: DemoData): string[] {
  const p: string[] = [];
  const byId = <T extends { id: string }>(list: readonly T[]) => new Map(list.map((x) => [x.id, x]));
  const users = byId(d.users);
  const catalog = byId<CatalogDoc>(d.catalog);
  const bikes = byId(d.bikes);
  const products = byId(d.products);
  const points = byId(d.delivery_points);
  const orders = byId(d.orders);
  const routes = byId(d.routes);
  const hubs = new Map(d.catalog.filter((c): c is Hub => c.kind === 'hub').map((h) => [h.number, h]));
  const taxes = new Map(d.catalog.filter((c): c is Tax => c.kind === 'tax').map((t) => [t.id, t]));
  const clients = new Map(d.catalog.filter((c): c is Client => c.kind === 'client').map((c) => [c.id, c]));
  const roleIds = new Set(d.catalog.filter((c) => c.kind === 'role').map((c) => c.id));
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

  for (const c of LOCAL_COLLECTIONS) {
    const ids = (d[c] as { id: string }[]).map((x) => x.id);
    if (new Set(ids).size !== ids.length) p.push(`${c}: ids repetidos`);
  }
  for (const u of d.users) {
    if (!roleIds.has(u.role)) p.push(`user ${u.id}: rol ${u.role} desconocido`);
    if (u.hub !== 0 && !hubs.has(u.hub)) p.push(`user ${u.id}: hub ${u.hub} desconocido`);
  }
  for (const b of d.bikes) {
    if (catalog.get(b.model_id)?.kind !== 'bike-model') p.push(`bike ${b.id}: modelo ${b.model_id} desconocido`);
    if (!hubs.has(b.hub)) p.push(`bike ${b.id}: hub desconocido`);
  }
  for (const pr of d.products) {
    if (!clients.has(pr.client_id)) p.push(`product ${pr.id}: cliente desconocido`);
    if (!taxes.has(pr.tax_id)) p.push(`product ${pr.id}: impuesto desconocido`);
  }
  for (const c of d.catalog) {
    if ((c.kind === 'config-synlab' || c.kind === 'config-synlab-temp') && !clients.has(c.client_id)) p.push(`${c.id}: cliente desconocido`);
  }
  for (const dp of d.delivery_points) {
    if (!hubs.has(dp.hub)) p.push(`point ${dp.id}: hub desconocido`);
    for (const ref of dp.client_providers) {
      const key = ref.slice(0, ref.indexOf('-'));
      if (![...clients.values()].some((c) => c.key === key)) p.push(`point ${dp.id}: proveedor ${key} desconocido`);
    }
  }

  for (const o of d.orders) {
    const dp = points.get(o.delivery_point_id);
    const client = clients.get(o.client_id);
    if (!dp) p.push(`order ${o.id}: punto ${o.delivery_point_id} desconocido`);
    if (!client) p.push(`order ${o.id}: cliente ${o.client_id} desconocido`);
    if (dp && client) {
      if (o.hub !== dp.hub) p.push(`order ${o.id}: hub distinto del punto`);
      if (!dp.client_providers.some((ref) => ref.startsWith(`${client.key}-`))) p.push(`order ${o.id}: el punto no trabaja con ${client.key}`);
      if (minutes(o.window_start) < minutes(dp.opens) || minutes(o.window_end) > minutes(dp.closes)) p.push(`order ${o.id}: franja fuera del horario del punto`);
    }
    for (const l of o.lines) {
      const pr = products.get(l.product_id);
      if (!pr) {
        p.push(`order ${o.id}: producto ${l.product_id} desconocido`);
        continue;
      }
      if (pr.client_id !== o.client_id) p.push(`order ${o.id}: producto de otro cliente`);
      if (!pr.active) p.push(`order ${o.id}: producto descatalogado`);
      if (l.unit_price_cents !== pr.price_cents || l.tax_id !== pr.tax_id || l.name !== pr.name) p.push(`order ${o.id}: línea no copiada del producto`);
      if (l.tax_rate_bp !== taxes.get(l.tax_id)?.rate_bp) p.push(`order ${o.id}: tipo de IVA no copiado del impuesto`);
    }
    if (o.created_at > o.updated_at || o.updated_at > NOW) p.push(`order ${o.id}: fechas incoherentes`);
    if (o.route_id !== '') {
      const r = routes.get(o.route_id);
      if (!r) p.push(`order ${o.id}: ruta ${o.route_id} desconocida`);
      else {
        if (r.date !== o.date || r.hub !== o.hub) p.push(`order ${o.id}: ruta de otro día u otro hub`);
        const stop = r.stops.find((s) => s.order_ids.includes(o.id));
        if (!stop) p.push(`order ${o.id}: no aparece en las paradas de su ruta`);
        else if (stop.delivery_point_id !== o.delivery_point_id) p.push(`order ${o.id}: parada de otro punto`);
      }
    }
  }

  for (const r of d.routes) {
    const rider = users.get(r.rider_id);
    if (!rider || rider.role !== 'rider') p.push(`route ${r.id}: el rider ${r.rider_id} no es un rider`);
    else if (rider.hub !== r.hub) p.push(`route ${r.id}: rider de otro hub`);
    const bike = bikes.get(r.bike_id);
    if (!bike) p.push(`route ${r.id}: bici ${r.bike_id} desconocida`);
    else if (bike.hub !== r.hub || bike.status === 'maintenance') p.push(`route ${r.id}: bici de otro hub o en taller`);
    let prevEta = minutes(r.planned_start);
    r.stops.forEach((s, i) => {
      if (s.seq !== i + 1) p.push(`route ${r.id}: número de parada ${s.seq} en la posición ${i + 1}`);
      if (minutes(s.eta) <= prevEta) p.push(`route ${r.id}: horas de llegada no crecientes`);
      prevEta = minutes(s.eta);
      const dp = points.get(s.delivery_point_id);
      if (!dp) p.push(`route ${r.id}: punto ${s.delivery_point_id} desconocido`);
      else if (dp.hub !== r.hub) p.push(`route ${r.id}: punto de otro hub`);
      for (const id of s.order_ids) {
        const o = orders.get(id);
        if (!o) p.push(`route ${r.id}: pedido ${id} desconocido`);
        else if (o.route_id !== r.id || o.delivery_point_id !== s.delivery_point_id) p.push(`route ${r.id}: pedido ${id} no es de esta parada`);
      }
    });
    const pointIds = r.stops.map((s) => s.delivery_point_id);
    if (new Set(pointIds).size !== pointIds.length) p.push(`route ${r.id}: punto repetido`);
  }

  const checkEvent = (what: string, e: { id: string; at: number; created_by: string; route_id: string; order_id?: string }) => {
    if (!users.has(e.created_by)) p.push(`${what} ${e.id}: autor ${e.created_by} desconocido`);
    if (e.route_id !== '' && !routes.has(e.route_id)) p.push(`${what} ${e.id}: ruta ${e.route_id} desconocida`);
    if (e.order_id !== undefined && !orders.has(e.order_id)) p.push(`${what} ${e.id}: pedido ${e.order_id} desconocido`);
    if (e.order_id !== undefined && e.route_id !== '' && orders.get(e.order_id)?.route_id !== e.route_id) p.push(`${what} ${e.id}: pedido de otra ruta`);
    if (e.at > NOW) p.push(`${what} ${e.id}: en el futuro`);
  };
  for (const e of d.deliveries) {
    checkEvent('delivery', e);
    if (routes.get(e.route_id)?.rider_id !== e.rider_id || e.created_by !== e.rider_id) p.push(`delivery ${e.id}: rider distinto del de la ruta`);
    if (orders.get(e.order_id)?.delivery_point_id !== e.delivery_point_id) p.push(`delivery ${e.id}: punto distinto del pedido`);
    if (e.kind === 'failed' && catalog.get(e.reason_status_id)?.kind !== 'status-delivery') p.push(`delivery ${e.id}: motivo desconocido`);
  }
  for (const e of d.incidences) {
    checkEvent('incidence', e);
    if (!products.has(e.product_id)) p.push(`incidence ${e.id}: producto desconocido`);
    if (!orders.get(e.order_id)?.lines.some((l) => l.product_id === e.product_id)) p.push(`incidence ${e.id}: producto fuera del pedido`);
  }
  for (const e of d.receipts) {
    checkEvent('receipt', e);
    if (routes.get(e.route_id)?.rider_id !== e.rider_id) p.push(`receipt ${e.id}: rider distinto del de la ruta`);
    for (const l of e.lines) if (!products.has(l.product_id)) p.push(`receipt ${e.id}: producto desconocido`);
  }
  for (const e of d.picks) {
    checkEvent('pick', e);
    const line = orders.get(e.order_id)?.lines.find((l) => l.line_id === e.line_id);
    if (!line || line.product_id !== e.product_id) p.push(`pick ${e.id}: línea desconocida`);
    else if (line.picked_quantity !== e.quantity) p.push(`pick ${e.id}: cantidad distinta de la preparada`);
    const pr = products.get(e.product_id);
    if (e.scanned_barcode !== '' && e.scanned_barcode !== pr?.barcode) p.push(`pick ${e.id}: código leído de otro producto`);
  }
  for (const pay of d.payments) {
    if (!orders.has(pay.order_id)) p.push(`payment ${pay.id}: pedido desconocido`);
    if (pay.route_id !== '' && !routes.has(pay.route_id)) p.push(`payment ${pay.id}: ruta desconocida`);
    if (pay.rider_id !== '' && users.get(pay.rider_id)?.role !== 'rider') p.push(`payment ${pay.id}: rider desconocido`);
    if (pay.reviewed_by !== '' && !users.has(pay.reviewed_by)) p.push(`payment ${pay.id}: revisor desconocido`);
  }
  return p;
}

/** Statuses of routes, orders, picking, events and payments tell the same story. */
export function consistencyProblems(d: DemoData): string[] {
  const p: string[] = [];
  const eventsOf = new Map<string, DemoData['deliveries']>();
  for (const e of d.deliveries) eventsOf.set(e.order_id, [...(eventsOf.get(e.order_id) ?? []), e]);
  const paymentOf = new Map(d.payments.map((x) => [x.order_id, x]));
  const picksOf = new Map<string, number>();
  for (const x of d.picks) picksOf.set(`${x.order_id}/${x.line_id}`, (picksOf.get(`${x.order_id}/${x.line_id}`) ?? 0) + x.quantity);
  const receiptRoutes = new Set(d.receipts.map((r) => r.route_id));
  const routes = new Map(d.routes.map((r) => [r.id, r]));

  const allowed: Record<string, readonly string[]> = {
    planned: ['planned'],
    picking: ['picking', 'picked'],
    ready: ['picked'],
    loaded: ['picked'],
    in_progress: ['out_for_delivery', 'delivered', 'partially_delivered', 'failed'],
    completed: ['delivered', 'partially_delivered', 'returned'],
  };

  for (const o of d.orders) {
    const picked = o.lines.map((l) => l.picked_quantity);
    const full = o.lines.every((l) => l.picked_quantity === l.quantity);
    const none = picked.every((q) => q === 0);
    if (['pending', 'planned', 'cancelled'].includes(o.status) && (o.picking_status !== 'pending' || !none)) p.push(`order ${o.id}: ${o.status} con picking ${o.picking_status}`);
    if (o.status === 'picking' && !['pending', 'in_progress'].includes(o.picking_status)) p.push(`order ${o.id}: picking con ${o.picking_status}`);
    if (o.status === 'picking' && o.picking_status === 'pending' && !none) p.push(`order ${o.id}: picking sin empezar con unidades preparadas`);
    const afterPicking = ['picked', 'out_for_delivery', 'delivered', 'partially_delivered', 'failed', 'returned'].includes(o.status);
    if (afterPicking && !((o.picking_status === 'picked' && full) || (o.picking_status === 'incomplete' && !full && !none))) {
      p.push(`order ${o.id}: ${o.status} con picking ${o.picking_status}`);
    }
    for (const l of o.lines) {
      if ((picksOf.get(`${o.id}/${l.line_id}`) ?? 0) !== l.picked_quantity) p.push(`order ${o.id}: picks distintos de lo preparado en ${l.line_id}`);
    }
    if (o.route_id === '' && !['pending', 'cancelled'].includes(o.status)) p.push(`order ${o.id}: ${o.status} sin ruta`);
    if (o.route_id !== '') {
      const r = routes.get(o.route_id);
      if (r && !(allowed[r.status] ?? []).includes(o.status)) p.push(`order ${o.id}: ${o.status} en una ruta ${r.status}`);
      if (r && o.date === TOMORROW && o.status !== 'planned') p.push(`order ${o.id}: pedido de mañana ${o.status}`);
    }

    const evs = eventsOf.get(o.id) ?? [];
    const kinds = evs.map((e) => e.kind).sort();
    if (o.status === 'delivered' || o.status === 'partially_delivered') {
      const main = o.status === 'delivered' ? 'delivered' : 'partial';
      if (kinds.join(',') !== [main, 'collected', 'signed'].sort().join(',')) p.push(`order ${o.id}: eventos ${kinds.join(',')} para ${o.status}`);
      const ev = evs.find((e) => e.kind === main);
      const collected = evs.find((e) => e.kind === 'collected');
      const signed = evs.find((e) => e.kind === 'signed');
      const due = amountDueCents(o.lines, ev?.lines ?? []);
      for (const l of o.lines) {
        const dl = ev?.lines.find((x) => x.line_id === l.line_id);
        if (!dl || dl.delivered + dl.refused !== l.picked_quantity) p.push(`order ${o.id}: entregado + rechazado ≠ preparado`);
      }
      const allDelivered = o.lines.every((l) => ev?.lines.find((x) => x.line_id === l.line_id)?.delivered === l.quantity);
      if (allDelivered !== (o.status === 'delivered')) p.push(`order ${o.id}: estado ${o.status} y cantidades no cuadran`);
      if (!signed || signed.signature_strokes.length === 0 || signed.signature_strokes.some((s) => s.length === 0)) p.push(`order ${o.id}: firma vacía`);
      if (collected?.amount_due_cents !== due || collected.payment_method !== o.payment_method) p.push(`order ${o.id}: cobro incoherente`);
      const pay = paymentOf.get(o.id);
      // The rider keeps the amount collected minus the change handed back.
      const kept = (collected?.amount_collected_cents ?? -1) - (collected?.change_cents ?? 0);
      if (pay?.method === 'cash' || pay?.method === 'card') {
        if (kept !== due) p.push(`order ${o.id}: el rider no se queda con el importe a cobrar`);
      } else if (kept !== 0) p.push(`order ${o.id}: cobro en mano de un pedido a cuenta`);
      if (!pay || pay.amount_due_cents !== due || pay.method !== o.payment_method || pay.amount_collected_cents !== kept) {
        p.push(`order ${o.id}: pago incoherente`);
      }
      if (pay && (pay.method === 'on_account') !== (pay.status === 'on_account')) p.push(`order ${o.id}: estado del pago ${pay.status} con ${pay.method}`);
      // Only cash is handed over in the hub; card money is settled from the terminal's statement.
      if (pay && pay.status === 'handed_over' && pay.method !== 'cash') p.push(`order ${o.id}: pago ${pay.method} entregado en el hub`);
    } else if (o.status === 'failed' || o.status === 'returned') {
      if (kinds.join(',') !== 'failed') p.push(`order ${o.id}: eventos ${kinds.join(',')} para ${o.status}`);
      if (paymentOf.has(o.id)) p.push(`order ${o.id}: pago de un pedido no entregado`);
    } else {
      if (evs.length > 0) p.push(`order ${o.id}: eventos de entrega en un pedido ${o.status}`);
      if (paymentOf.has(o.id)) p.push(`order ${o.id}: pago de un pedido ${o.status}`);
    }
  }

  for (const r of d.routes) {
    const needsReceipt = ['loaded', 'in_progress', 'completed'].includes(r.status);
    if (needsReceipt !== receiptRoutes.has(r.id)) p.push(`route ${r.id}: recepción ${receiptRoutes.has(r.id)} en una ruta ${r.status}`);
    if (r.date === TOMORROW && r.status !== 'planned') p.push(`route ${r.id}: ruta de mañana ${r.status}`);
  }
  for (const rc of d.receipts) {
    const r = routes.get(rc.route_id);
    const expected = new Map<string, number>();
    for (const s of r?.stops ?? []) {
      for (const id of s.order_ids) {
        for (const l of d.orders.find((o) => o.id === id)?.lines ?? []) {
          if (l.picked_quantity > 0) expected.set(l.product_id, (expected.get(l.product_id) ?? 0) + l.picked_quantity);
        }
      }
    }
    for (const l of rc.lines) if (expected.get(l.product_id) !== l.expected) p.push(`receipt ${rc.id}: esperado distinto de lo preparado`);
    if (rc.lines.length !== expected.size) p.push(`receipt ${rc.id}: faltan productos`);
  }
  return p;
}

// ── Tests ────────────────────────────────────────────────────────────────────────────────────
