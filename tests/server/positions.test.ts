/**
 * Issue 33 on the real server: a rider's phone sends batches of positions of his route in
 * progress; each is stored once (a batch sent again stores nothing), a sample of another rider's
 * route, of a route not in progress or with a bad field is refused with a Spanish reason; the
 * office reads the latest positions and hears them on its stream within the feed's interval,
 * riders do not; the server's ETA of an order starts from the stored position.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n';
import { madridTimeMs } from '../../src/domain/tracking/fromEntities';
import { etaOfOrder } from '../../server/tracking/eta';
import { latestPositionOfRoute } from '../../server/tracking/positions';
import { liveTracking } from '../../server/notify/tracking';
import { startTestServer, seedDocs, type TestServer } from '../helpers/server';
import { deliveryEvent, order, route, TODAY } from '../helpers/fixtures';

const AT = madridTimeMs(TODAY, '10:00');
let clock = AT + 60_000;
let srv: TestServer;
let rider1 = '';
let rider2 = '';
let operator = '';

const sample = (seq: number, extra: Record<string, unknown> = {}) => ({ seq, route_id: 'r1', at: AT + seq * 1000, lat: 40.41 + seq / 10_000, lng: -3.7, accuracy: 12, speed: 3.5, ...extra });

beforeAll(async () => {
  srv = await startTestServer({ now: () => clock });
  seedDocs(srv, {
    routes: [route('r1', 'u-rider1', [{ point: 'pe1', orders: ['o1'] }, { point: 'pe2', orders: ['o2'] }], 'in_progress'), route('r2', 'u-rider2', [{ point: 'pe3', orders: ['o3'] }], 'ready')],
    orders: [order('o1', 'pe1', 'r1', 'out_for_delivery'), order('o2', 'pe2', 'r1', 'out_for_delivery')],
  });
  rider1 = (await srv.login('rider1@cargobici.test')).accessToken;
  rider2 = (await srv.login('rider2@cargobici.test')).accessToken;
  operator = (await srv.login('operador@cargobici.test')).accessToken;
});
afterAll(async () => {
  await srv.stop();
});

describe('POST /api/positions', () => {
  it('stores a batch once: sent again (its answer was lost) it stores nothing more', async () => {
    const body = { device_id: 'device-rider1-a', samples: [sample(1), sample(2)] };
    expect(await srv.api('/api/positions', { token: rider1, body })).toEqual({ status: 200, body: { stored: 2, repeated: 0, refused: [], acked: 2 } });
    expect(await srv.api('/api/positions', { token: rider1, body })).toEqual({ status: 200, body: { stored: 0, repeated: 2, refused: [], acked: 2 } });
    const count = srv.store.db.prepare("SELECT COUNT(*) AS n FROM positions WHERE route_id = 'r1'").get() as { n: number };
    expect(count.n).toBe(2);
    expect(latestPositionOfRoute(srv.store, 'r1')).toMatchObject({ route_id: 'r1', rider_id: 'u-rider1', at: AT + 2000, accuracy: 12 });
  });

  it("refuses another rider's route, a route not in progress and bad fields, with Spanish reasons", async () => {
    const other = await srv.api('/api/positions', { token: rider2, body: { device_id: 'device-rider2-a', samples: [sample(1)] } });
    expect(other.body).toMatchObject({ stored: 0, refused: [{ seq: 1, message: t('tracking.errors.notYourRoute', { route: 'r1' }) }] });
    const notLive = await srv.api('/api/positions', { token: rider2, body: { device_id: 'device-rider2-a', samples: [sample(2, { route_id: 'r2' })] } });
    expect(notLive.body).toMatchObject({ stored: 0, refused: [{ seq: 2, message: t('tracking.errors.notInProgress', { route: 'R2' }) }] });
    const bad = await srv.api('/api/positions', {
      token: rider1,
      body: { device_id: 'device-rider1-a', samples: [sample(3, { lat: 91 }), sample(4, { accuracy: -1 }), sample(5, { at: clock + 3_600_000 }), sample(6, { at: AT - 86_400_000 })] },
    });
    expect(bad.body).toEqual({
      stored: 0,
      repeated: 0,
      acked: 6,
      refused: [
        { seq: 3, message: t('tracking.errors.lat') },
        { seq: 4, message: t('tracking.errors.accuracy') },
        { seq: 5, message: t('tracking.errors.future') },
        { seq: 6, message: t('tracking.errors.tooOld') },
      ],
    });
  });

  it('answers 400 to a batch that is not one, and 401 without a session', async () => {
    expect(await srv.api('/api/positions', { token: rider1, body: { samples: [sample(1)] } })).toEqual({ status: 400, body: { error: 'invalid', message: t('tracking.errors.body', { problem: t('tracking.errors.device') }) } });
    expect((await srv.api('/api/positions', { token: rider1, body: { device_id: 'device-rider1-a', samples: [] } })).status).toBe(400);
    expect((await srv.api('/api/positions', { body: { device_id: 'device-rider1-a', samples: [sample(9)] } })).status).toBe(401);
  });
});

describe('the office', () => {
  it('reads the latest position of each route in progress; a rider may not', async () => {
    const office = await srv.api('/api/tracking/positions', { token: operator });
    expect(office.status).toBe(200);
    expect((office.body as { positions: unknown[] }).positions).toEqual([expect.objectContaining({ route_id: 'r1', rider_id: 'u-rider1', at: AT + 2000 })]);
    expect(await srv.api('/api/tracking/positions', { token: rider1 })).toEqual({ status: 403, body: { error: 'forbidden', message: t('tracking.errors.officeOnly'), key: 'tracking.errors.officeOnly' } });
  });

  it("hears a rider's new position on its stream; the other rider's stream hears nothing of it", async () => {
    const listen = async (token: string) => {
      const controller = new AbortController();
      const res = await fetch(`${srv.url}/api/sync/stream`, { headers: { Authorization: `Bearer ${token}` }, signal: controller.signal });
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const until = async (needle: string | RegExp) => {
        while (typeof needle === 'string' ? !text.includes(needle) : !needle.test(text)) {
          const { value, done } = await reader.read();
          if (done) break;
          text += decoder.decode(value, { stream: true });
        }
        return text;
      };
      await until('event: resync');
      return { until, text: () => text, close: () => controller.abort() };
    };
    const office = await listen(operator);
    const other = await listen(rider2);
    expect((await srv.api('/api/positions', { token: rider1, body: { device_id: 'device-rider1-a', samples: [sample(10)] } })).body).toMatchObject({ stored: 1 });
    const block = /event: positions\ndata: (.*)\n\n/;
    const data = block.exec(await office.until(block))![1]!;
    expect(JSON.parse(data)).toEqual({ positions: [expect.objectContaining({ route_id: 'r1', at: AT + 10_000 })] });
    // A change the rider's stream does hear, sent after the position: it arrives with nothing before it.
    seedDocs(srv, { orders: [order('o9', 'pe3', 'r2', 'planned')] });
    srv.sync.notify(new Set(['orders']));
    await other.until('event: change');
    expect(other.text()).not.toContain('positions');
    office.close();
    other.close();
  });
});

describe('etaOfOrder', () => {
  it("starts from the rider's stored position and skips a completed stop", () => {
    clock = AT + 20_000;
    const first = etaOfOrder(srv.store, 'o1', clock);
    const second = etaOfOrder(srv.store, 'o2', clock);
    expect(first).toMatchObject({ orderId: 'o1', routeId: 'r1', seq: 1, stopsBefore: 0, positionAtMs: AT + 10_000 });
    expect(second!.etaMs).toBeGreaterThanOrEqual(first!.etaMs);
    seedDocs(srv, { deliveries: [{ ...deliveryEvent('d-o1', order('o1', 'pe1', 'r1'), 'u-rider1'), at: AT + 15_000 }] });
    expect(etaOfOrder(srv.store, 'o1', clock)).toBeNull();
    expect(etaOfOrder(srv.store, 'o2', clock)).toMatchObject({ seq: 2, stopsBefore: 0 });
  });
});

describe("the receivers' source (liveTracking)", () => {
  it("gives the live ETA's window and shows the rider only to the stop he heads to", () => {
    clock = AT + 20_000;
    const source = liveTracking(srv.store);
    const eta = etaOfOrder(srv.store, 'o2', clock)!;
    const window = source.etaWindow('o2', clock)!;
    expect(window.fromMs).toBeLessThanOrEqual(eta.etaMs);
    expect(window.toMs).toBeGreaterThanOrEqual(eta.etaMs);
    expect(window.toMs - window.fromMs).toBeLessThanOrEqual(15 * 60_000);
    // o1 is delivered (above): the rider heads to o2's stop, and only o2's receiver sees him.
    expect(source.livePosition('o2', clock)).toMatchObject({ atMs: AT + 10_000 });
    expect(source.livePosition('o1', clock)).toBeNull();
    expect(source.etaWindow('o-unknown', clock)).toBeNull();
  });
});
