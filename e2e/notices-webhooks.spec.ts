import { createHmac } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test as base } from './test';
import { DEMO_PASSWORD, adminToken, gotoSynced, pullAll, pushDocs, signInSynced, waitForServiceWorker, waitForSync, type Doc } from './support';
import { demoDocs, routeWithPickedOrders } from './choices';
import { RiderStop } from './pages/riderStop';
import { startOwnServer, type OwnServer } from './ownServer';
import { startHttpReceiver, startSmtp, type HttpReceiver, type ReceivedMail, type ReceivedRequest } from '../tests/helpers/receivers';
import { t } from '../src/i18n';
import { notifyMessages } from '../src/i18n/es/notify';

/**
 * Issue 33, «Done when»: the receivers' notices and a client's webhook, end to end, across a
 * server restart mid-day. The spec runs its own embedded server (e2e/ownServer.ts: demo data,
 * its own folder and port) with SMTP_URL on a real SMTP server (smtp-server) and CB_SMS_URL on a
 * local HTTP receiver, both started here; the webhook's endpoint is another local receiver.
 *
 * An admin registers the client's webhook on «Webhooks»; the office makes a route of two orders
 * of that client (one per stop, picked) through the sync API, for a rider; the rider loads,
 * starts, delivers the first order on his phone. The webhook answers 500 to that delivery's
 * event and the SMS provider to its SMS: both wait for a retry when the server is stopped
 * (SIGTERM). While it is down the rider reports the second order failed; the server starts again
 * on the same folder and port. Then every notice has reached the SMTP server and the SMS
 * provider exactly once, every status change the webhook exactly once, signed, in order per
 * order, with unique event ids; and nothing delivered before the restart is sent again.
 */

const SECRET = 'secreto-del-cliente-para-e2e-33';
const SMS_TOKEN = 'token-del-proveedor-sms';
type Stop = { seq: number; delivery_point_id: string; order_ids: string[]; eta: string };
type Kind = 'published' | 'on_the_way' | 'delivered' | 'failed';
const KINDS: readonly Kind[] = ['published', 'on_the_way', 'delivered', 'failed'];

interface Day {
  readonly server: OwnServer;
  readonly smtp: Awaited<ReturnType<typeof startSmtp>>;
  readonly sms: HttpReceiver;
  readonly hook: HttpReceiver;
}

const test = base.extend<{ day: Day }>({
  // eslint-disable-next-line no-empty-pattern
  day: async ({}, use, testInfo) => {
    const smtp = await startSmtp();
    const sms = await startHttpReceiver();
    const hook = await startHttpReceiver();
    // Ports 4352… of this spec's own servers (one per parallel worker), never the shared e2e server's.
    const server = await startOwnServer({
      name: `notices-e2e-${testInfo.parallelIndex}`,
      port: 4352 + testInfo.parallelIndex,
      env: { SMTP_URL: smtp.url, CB_SMS_URL: `${sms.url}/sms`, CB_SMS_TOKEN: SMS_TOKEN },
    });
    try {
      await use({ server, smtp, sms, hook });
    } finally {
      await server.dispose();
      await Promise.all([smtp.stop(), sms.stop(), hook.stop()]);
    }
  },
  baseURL: async ({ day }, use) => {
    await use(day.server.url);
  },
});

/** A notice template as a pattern: `{code}` is the order's code, any other placeholder (plural blocks too) any text. */
function templatePattern(template: string, code: string): RegExp {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let out = '';
  let depth = 0;
  let name = '';
  for (const ch of template) {
    if (ch === '{') {
      depth += 1;
      if (depth === 1) name = '';
      continue;
    }
    if (ch === '}' && depth > 0) {
      depth -= 1;
      if (depth === 0) out += name === 'code' ? escape(code) : '.+?';
      continue;
    }
    if (depth > 0) name += ch;
    else out += escape(ch);
  }
  return new RegExp(`^${out}`);
}

/** Which notice of the order `code` a text is (an e-mail's subject, an SMS's text), or null. */
function kindOf(text: string, code: string, part: 'subject' | 'sms'): Kind | null {
  return KINDS.find((k) => templatePattern(notifyMessages.notices.templates[k][part], code).test(text)) ?? null;
}

interface Hooked {
  readonly req: ReceivedRequest;
  readonly status: number;
  readonly body: { id: string; type: string; data: { order: { code: string }; status: string; previous_status: string | null } };
}

async function serverJson<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), `GET ${path}`).toBe(true);
  return (await res.json()) as T;
}

async function toNextStop(page: Page, visited: number, total: number): Promise<void> {
  await expect(page.getByTestId('route-progress')).toHaveText(`${visited} de ${total} paradas`);
  await page.getByTestId('next-stop').getByRole('link', { name: 'Siguiente parada' }).click();
  await expect(page.getByTestId('stop-of')).toHaveText(`Parada ${visited + 1} de ${total}`);
}

test('receivers get each notice once and the client’s webhook each status change once, signed, across a server restart', async ({ browser, request, day }) => {
  test.setTimeout(240_000);
  const { server, smtp, sms, hook } = day;
  const token = await adminToken(request);
  const auth = { Authorization: `Bearer ${token}` };
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const [routes, orders, users, catalog] = await Promise.all(['routes', 'orders', 'users', 'catalog'].map((c) => pullAll(request, token, c)));

  // ── What the spec makes: two orders of one client, one per stop, on a route of its own ───────
  const source = routeWithPickedOrders(demoDocs({ routes, orders }), today, 2);
  const sourceStops = (source.stops as Stop[]).slice(0, 2);
  const templates = sourceStops.map((s) => orders!.find((o) => o.id === s.order_ids[0]) as Doc);
  const clientId = String(templates[0]!.client_id);
  const client = catalog!.find((c) => c.id === clientId) as Doc;
  // A rider of the route's hub who is not out on another route today (else the route's own rider).
  const busy = new Set(routes!.filter((r) => r.date === today && ['loaded', 'in_progress'].includes(String(r.status))).map((r) => String(r.rider_id)));
  const rider = users!.find((u) => u.role === 'rider' && u.hub === source.hub && u.active !== false && !busy.has(String(u.id))) ?? users!.find((u) => u.id === source.rider_id)!;
  const routeId = 'rt-e2e-notices';
  const routeName = 'Ruta de avisos e2e';
  const made = sourceStops.map((s, i) => ({
    id: `o-e2e-notices-${i + 1}`,
    code: `P-E2E-AVISO-${i + 1}`,
    pointId: s.delivery_point_id,
    email: `destinatario${i + 1}@avisos.test`,
    phone: `+34 600 000 10${i + 1}`,
  }));
  const [first, second] = made as [(typeof made)[number], (typeof made)[number]];

  // The receivers' contacts for notices (the office's «Avisos al destinatario»).
  for (const m of made) {
    const res = await request.put(`/api/notify/points/${m.pointId}`, { headers: auth, data: { email: m.email, phone: m.phone, lang: 'es', opted_out: false } });
    expect(res.ok(), 'the contact for notices is stored').toBe(true);
  }

  // The receivers' sides: every SMS and webhook call is kept. Until the server is stopped, the
  // SMS provider refuses (500) the first order's «delivered» SMS and the webhook that order's
  // «delivered» event: both are still waiting for a retry when the server stops, however long
  // this busy machine takes between two steps.
  let holding = true;
  const answers = new Map<ReceivedRequest, number>();
  sms.answer = (req) => {
    const body = JSON.parse(req.body) as { id: string; to: string; text: string };
    const status = holding && body.to === first.phone && kindOf(body.text, first.code, 'sms') === 'delivered' ? 500 : 200;
    answers.set(req, status);
    return status;
  };
  hook.answer = (req) => {
    const body = JSON.parse(req.body) as Hooked['body'];
    const status = holding && body.data.order.code === first.code && body.data.status === 'delivered' ? 500 : 200;
    answers.set(req, status);
    return status;
  };

  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const phone = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  try {
    // ── An admin registers the client's webhook ──────────────────────────────────────────────
    const office = await desk.newPage();
    await signInSynced(office, 'admin@cargobici.test');
    await gotoSynced(office, '/config/webhooks');
    await office.getByRole('combobox', { name: t('notices.webhooks.client') }).click();
    await office.getByRole('option', { name: String(client.name), exact: true }).click();
    await office.getByRole('textbox', { name: t('notices.webhooks.url'), exact: true }).fill(`${hook.url}/cargobici`);
    await office.getByLabel(t('notices.webhooks.secret'), { exact: true }).fill(SECRET);
    await office.getByRole('button', { name: t('notices.webhooks.add') }).click();
    const card = office.getByTestId(`webhook-${clientId}`);
    await expect(card).toBeVisible();
    await expect(card.getByText(t('notices.webhooks.logEmpty'))).toBeVisible();
    const hooks = await serverJson<{ id: string; client_id: string; url: string }[]>(request, token, '/api/admin/webhooks');
    const webhook = hooks.find((h) => h.client_id === clientId);
    expect(webhook?.url).toBe(`${hook.url}/cargobici`);
    expect(JSON.stringify(hooks)).not.toContain(SECRET);

    // ── The office plans the route and its goods are picked (through the sync API) ──────────
    const now = Date.now();
    const stops = sourceStops.map((s, i) => ({ ...s, seq: i + 1, order_ids: [made[i]!.id] }));
    const created = made.map((m, i) => ({
      ...templates[i],
      id: m.id,
      code: m.code,
      client_id: clientId,
      route_id: routeId,
      status: 'planned',
      picking_status: 'pending',
      status_id: '',
      payment_method: 'card',
      external_ref: `EXT-${m.code}`,
      updated_at: now,
    }));
    await pushDocs(request, token, 'orders', created.map((o) => ({ assumedMasterState: null, newDocumentState: o })));
    const route = { ...source, id: routeId, code: 'RT-E2E-AVISOS', name: routeName, rider_id: rider.id, status: 'planned', status_id: '', stops, cancel_reason: '', updated_at: now };
    await pushDocs(request, token, 'routes', [{ assumedMasterState: null, newDocumentState: route }]);
    await pushDocs(request, token, 'orders', created.map((o) => ({ assumedMasterState: o, newDocumentState: { ...o, status: 'picked', picking_status: 'picked', updated_at: now + 1 } })));
    await pushDocs(request, token, 'routes', [{ assumedMasterState: route, newDocumentState: { ...route, status: 'ready', updated_at: now + 1 } }]);

    // ── The rider's phone: load, start, deliver the first order ──────────────────────────────
    const page = await phone.newPage();
    await signInSynced(page, String(rider.email), DEMO_PASSWORD);
    await page.goto('/distribution');
    await page.getByTestId('route-card').filter({ hasText: routeName }).getByRole('link', { name: 'Abrir' }).click();
    await expect(page.getByTestId('route-status')).toHaveText('Preparada');
    await waitForServiceWorker(page);
    await page.getByRole('link', { name: 'Recoger mercancía en el hub' }).click();
    await page.getByRole('button', { name: 'Confirmar carga' }).click();
    await expect(page.getByTestId('route-status')).toHaveText('Cargada');
    await page.getByRole('button', { name: 'Empezar reparto' }).click();
    await expect(page.getByTestId('route-status')).toHaveText('En reparto');

    await toNextStop(page, 0, 2);
    await page.getByRole('link', { name: 'Entregar' }).first().click();
    await page.getByRole('button', { name: 'Continuar a firma y cobro' }).click();
    await page.locator('label').filter({ hasText: /^Tarjeta$/ }).click();
    await new RiderStop(page, page.url()).sign('Marta Soler');
    await page.getByRole('button', { name: 'Confirmar entrega' }).click();
    await expect(page.getByTestId('stop-of')).toBeVisible();

    // The delivery reached the server: its SMS and its webhook call were refused and wait for a retry.
    type NoticeRow = { kind: Kind; channel: 'email' | 'sms'; recipient: string; state: string; attempts: number };
    const noticesOf = async (orderId: string) => (await serverJson<{ notices: NoticeRow[] }>(request, token, `/api/notify/orders/${orderId}`)).notices;
    type EventRow = { id: string; order_code: string; status: string; state: string; attempts: number };
    const eventsOf = () => serverJson<EventRow[]>(request, token, `/api/admin/webhooks/${webhook!.id}/events`);
    const tried = (row: { state: string; attempts: number } | undefined) => (row ? `${row.state}, ${row.attempts > 0 ? 'tried' : 'not tried'}` : 'none');
    await expect
      .poll(async () => tried((await noticesOf(first.id)).find((n) => n.kind === 'delivered' && n.channel === 'sms')), { timeout: 60_000 })
      .toBe('pending, tried');
    await expect
      .poll(async () => tried((await eventsOf()).find((e) => e.order_code === first.code && e.status === 'delivered')), { timeout: 60_000 })
      .toBe('pending, tried');

    // ── The server is stopped mid-day, and the rider goes on ─────────────────────────────────
    expect(await server.stop(), 'the server exits cleanly on SIGTERM').toBe(0);
    holding = false;
    const before = { mails: smtp.mails.length, sms: sms.requests.length, hooks: hook.requests.length };
    await page.getByRole('link', { name: 'Volver a la ruta' }).click();
    await toNextStop(page, 1, 2);
    await page.getByRole('link', { name: 'No entregado' }).first().click();
    await page.getByRole('combobox', { name: 'Motivo' }).click();
    await page.getByRole('option', { name: 'Ausente' }).click();
    await page.getByLabel('Nota').fill('Nadie en el local');
    await page.getByRole('button', { name: 'Registrar entrega fallida' }).click();
    await expect(page.getByTestId('stop-of')).toBeVisible();
    await expect(page.getByTestId('pending-count')).toBeVisible();

    // ── Started again on the same folder and port: the phone sends what it kept ──────────────
    await server.restart();
    await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: 90_000 });
    await waitForSync(page);

    // Everything is delivered: every notice sent, every event delivered (the server's own account).
    await expect
      .poll(async () => [...(await noticesOf(first.id)), ...(await noticesOf(second.id))].filter((n) => n.state !== 'sent').map((n) => `${n.kind}/${n.channel}: ${n.state}`), { timeout: 90_000 })
      .toEqual([]);
    await expect.poll(async () => (await eventsOf()).filter((e) => e.state !== 'delivered').map((e) => `${e.order_code} ${e.status}: ${e.state}`), { timeout: 90_000 }).toEqual([]);
    const events = await eventsOf();
    expect(events).toHaveLength(6);

    // ── The SMTP server: each notice once, to the point's e-mail ─────────────────────────────
    const notices = { [first.code]: ['published', 'on_the_way', 'delivered'], [second.code]: ['published', 'on_the_way', 'failed'] } as Record<string, Kind[]>;
    for (const m of made) {
      const mails = smtp.mails.filter((x: ReceivedMail) => x.to === m.email);
      expect(mails.map((x) => kindOf(x.subject, m.code, 'subject')).sort(), `e-mails to ${m.email}: ${mails.map((x) => x.subject).join(' | ')}`).toEqual([...notices[m.code]!].sort());
      for (const x of mails) expect(x.text).toContain(`${server.url}/envio/`);
    }
    expect(smtp.mails.filter((x) => x.to === second.email && kindOf(x.subject, second.code, 'subject') === 'failed')[0]?.text).toContain('Ausente');
    expect(smtp.mails, 'no other e-mail').toHaveLength(6);

    // ── The SMS provider: each notice once (answered 2xx), with the provider's token ─────────
    const smsBodies = sms.requests.map((r) => ({ req: r, status: answers.get(r), body: JSON.parse(r.body) as { id: string; to: string; text: string } }));
    for (const r of smsBodies) {
      expect(r.req.path).toBe('/sms');
      expect(r.req.headers.authorization).toBe(`Bearer ${SMS_TOKEN}`);
    }
    const acceptedSms = smsBodies.filter((r) => r.status === 200);
    expect(new Set(acceptedSms.map((r) => r.body.id)).size, 'each SMS accepted once').toBe(acceptedSms.length);
    for (const m of made) {
      const own = acceptedSms.filter((r) => r.body.to === m.phone);
      expect(own.map((r) => kindOf(r.body.text, m.code, 'sms')).sort(), `SMS to ${m.phone}: ${own.map((r) => r.body.text).join(' | ')}`).toEqual([...notices[m.code]!].sort());
    }
    expect(acceptedSms).toHaveLength(6);
    // What they say: the day of a published order, who brings it, the reason of a failure.
    const smsOf = (m: (typeof made)[number], kind: Kind) => acceptedSms.find((r) => r.body.to === m.phone && kindOf(r.body.text, m.code, 'sms') === kind)?.body.text ?? '';
    expect(smsOf(first, 'published')).toContain(` ${t('notices.templates.today')} `);
    expect(smsOf(second, 'on_the_way')).toContain(String(rider.name).split(' ')[0]);
    expect(smsOf(second, 'failed')).toContain('(Ausente)');
    for (const r of acceptedSms) expect(r.body.text).toContain(`${server.url}/envio/`);
    // The refused one (refused at each attempt before the restart) was taken after it, as the same notice.
    const refusedSms = smsBodies.filter((r) => r.status === 500);
    expect(refusedSms.length).toBeGreaterThanOrEqual(1);
    expect(new Set(refusedSms.map((r) => r.body.id)).size).toBe(1);
    expect(Math.max(...refusedSms.map((r) => smsBodies.indexOf(r)))).toBeLessThan(before.sms);
    expect(acceptedSms.filter((r) => r.body.id === refusedSms[0]!.body.id)).toHaveLength(1);
    expect(smsBodies.findIndex((r) => r.status === 200 && r.body.id === refusedSms[0]!.body.id)).toBeGreaterThanOrEqual(before.sms);
    expect(smsBodies).toHaveLength(acceptedSms.length + refusedSms.length);

    // ── The webhook: signed, each status change once, in order per order ────────────────────
    const calls: Hooked[] = hook.requests.map((req) => ({ req, status: answers.get(req) ?? 0, body: JSON.parse(req.body) as Hooked['body'] }));
    for (const c of calls) {
      expect(c.req.path).toBe('/cargobici');
      expect(c.req.headers['x-cargobici-signature']).toBe(`sha256=${createHmac('sha256', SECRET).update(c.req.body).digest('hex')}`);
      expect(c.req.headers['x-cargobici-event']).toBe(c.body.id);
      expect(c.body.type).toBe('order.status_changed');
    }
    const accepted = calls.filter((c) => c.status === 200);
    expect(new Set(accepted.map((c) => c.body.id)).size, 'event ids are unique, each accepted once').toBe(accepted.length);
    const changes = {
      [first.code]: [
        ['planned', null],
        ['out_for_delivery', 'picked'],
        ['delivered', 'out_for_delivery'],
      ],
      [second.code]: [
        ['planned', null],
        ['out_for_delivery', 'picked'],
        ['failed', 'out_for_delivery'],
      ],
    } as Record<string, [string, string | null][]>;
    for (const m of made) {
      const own = calls.filter((c) => c.body.data.order.code === m.code);
      expect(own.filter((c) => c.status === 200).map((c) => [c.body.data.status, c.body.data.previous_status])).toEqual(changes[m.code]);
      // In order: a call is for the order's next change until that change is accepted (a retry sends the same bytes).
      const done: string[] = [];
      for (const c of own) {
        expect(done, `${m.code}: ${c.body.data.status} after its accepted changes`).not.toContain(c.body.id);
        expect(c.body.data.status).toBe(changes[m.code]![done.length]![0]);
        if (c.status === 200) done.push(c.body.id);
      }
    }
    const refusedCalls = calls.filter((c) => c.status === 500);
    expect(refusedCalls.length).toBeGreaterThanOrEqual(1);
    const retried = accepted.find((c) => c.body.id === refusedCalls[0]!.body.id);
    for (const c of refusedCalls) {
      expect(c.req.body, 'a retry sends the same bytes').toBe(retried?.req.body);
      expect(calls.indexOf(c)).toBeLessThan(before.hooks);
    }
    expect(calls.indexOf(retried!)).toBeGreaterThanOrEqual(before.hooks);
    expect(accepted).toHaveLength(6);
    expect(calls).toHaveLength(accepted.length + refusedCalls.length);
    expect(new Set(events.map((e) => e.id))).toEqual(new Set(accepted.map((c) => c.body.id)));

    // ── Nothing delivered before the restart was sent again after it ─────────────────────────
    const deliveredBefore = new Set(calls.slice(0, before.hooks).filter((c) => c.status === 200).map((c) => c.body.id));
    expect(calls.slice(before.hooks).filter((c) => deliveredBefore.has(c.body.id)).map((c) => c.body.id)).toEqual([]);
    const smsBefore = new Set(smsBodies.slice(0, before.sms).filter((r) => r.status === 200).map((r) => r.body.id));
    expect(smsBodies.slice(before.sms).filter((r) => smsBefore.has(r.body.id)).map((r) => r.body.id)).toEqual([]);
    const mailKey = (x: ReceivedMail) => `${x.to} ${x.subject}`;
    const mailsBefore = new Set(smtp.mails.slice(0, before.mails).map(mailKey));
    expect(smtp.mails.slice(before.mails).filter((x) => mailsBefore.has(mailKey(x))).map(mailKey)).toEqual([]);

    // ── The admin's log shows every event delivered ──────────────────────────────────────────
    await gotoSynced(office, '/config/webhooks');
    const log = office.getByTestId(`webhook-log-${clientId}`);
    await expect(log.locator('tbody tr')).toHaveCount(6);
    await expect(log.getByText(t('notices.webhooks.eventStates.delivered'), { exact: true })).toHaveCount(6);
  } finally {
    await phone.close();
    await desk.close();
  }
});
