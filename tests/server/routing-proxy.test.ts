/**
 * Issue 11: the planning board's travel times from an OSRM-compatible service, through the
 * server (CB_OSRM_URL). A fake OSRM on a local port answers `table` requests; the server checks
 * who asks and what, passes the block on, and answers OSRM's table reduced to what the optimiser
 * reads — or a Spanish refusal that says what went wrong.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n';
import { checkOsrmUrl } from '../../server/osrmProxy';
import { configFromEnv, StartupError } from '../../server/config';
import { startTestServer, type TestServer } from '../helpers/server';

let osrm: Server;
let osrmUrl = '';
const asked: string[] = [];
let mode: 'ok' | 'down' | 'garbage' = 'ok';

let srv: TestServer;
let bare: TestServer;
let opToken = '';
let riderToken = '';

beforeAll(async () => {
  osrm = createServer((req, res) => {
    asked.push(req.url ?? '');
    if (mode === 'down') return void res.writeHead(503).end('down');
    if (mode === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":"Ok","durations":[["x"]]}');
    const url = new URL(req.url ?? '/', 'http://osrm');
    const n = (url.pathname.split('/table/v1/bicycle/')[1] ?? '').split(';').length;
    const sources = url.searchParams.get('sources')?.split(';').map(Number) ?? [...Array(n).keys()];
    const destinations = url.searchParams.get('destinations')?.split(';').map(Number) ?? [...Array(n).keys()];
    const durations = sources.map((s) => destinations.map((d) => (s === d ? 0 : 60 * (s + 1) + d)));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 'Ok', durations, distances: durations.map((r) => r.map((x) => x * 4)), sources: [{ hint: 'internal' }], destinations: [] }));
  });
  await new Promise<void>((resolve) => osrm.listen(0, '127.0.0.1', resolve));
  const address = osrm.address();
  osrmUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/osrm/`;
  srv = await startTestServer({ osrmUrl: checkOsrmUrl(osrmUrl) });
  bare = await startTestServer();
  opToken = (await srv.login('operador@cargobici.test')).accessToken;
  riderToken = (await srv.login('rider1@cargobici.test')).accessToken;
});
afterAll(async () => {
  await srv.stop();
  await bare.stop();
  await new Promise<void>((resolve) => osrm.close(() => resolve()));
});

const block = { coordinates: [[-3.7, 40.4], [-3.71, 40.41], [-3.72, 40.42]], sources: [0, 1], destinations: [1, 2] };

describe('travel times through the server', () => {
  it('needs a session and a planner: riders are refused', async () => {
    expect((await srv.api('/api/routing/status')).status).toBe(401);
    expect((await srv.api('/api/routing/table', { body: block })).status).toBe(401);
    expect(await srv.api('/api/routing/table', { token: riderToken, body: block })).toEqual({ status: 403, body: { error: 'forbidden', message: t('planning.travel.forbidden'), key: 'planning.travel.forbidden' } });
    expect(asked).toEqual([]);
  });

  it('says whether a service is configured', async () => {
    expect(await srv.api('/api/routing/status', { token: opToken })).toEqual({ status: 200, body: { osrm: true } });
    const op = (await bare.login('operador@cargobici.test')).accessToken;
    expect(await bare.api('/api/routing/status', { token: op })).toEqual({ status: 200, body: { osrm: false } });
    expect(await bare.api('/api/routing/table', { token: op, body: block })).toEqual({ status: 404, body: { error: 'osrm_not_configured', message: t('planning.travel.notConfigured') } });
  });

  it('passes one block to the bicycle profile and answers only the table', async () => {
    mode = 'ok';
    const res = await srv.api('/api/routing/table', { token: opToken, body: block });
    expect(res).toEqual({ status: 200, body: { code: 'Ok', durations: [[61, 62], [0, 122]], distances: [[244, 248], [0, 488]] } });
    expect(asked.at(-1)).toBe('/osrm/table/v1/bicycle/-3.700000,40.400000;-3.710000,40.410000;-3.720000,40.420000?annotations=duration,distance&sources=0;1&destinations=1;2');
  });

  it('refuses a bad request before asking the service, naming the field', async () => {
    const before = asked.length;
    const far = await srv.api('/api/routing/table', { token: opToken, body: { coordinates: [[-3.7, 40.4], [-3.7, 95]] } });
    expect(far).toEqual({ status: 400, body: { error: 'bad_request', message: t('planning.travel.badRequest', { where: 'coordinates.1.1' }) } });
    const outside = await srv.api('/api/routing/table', { token: opToken, body: { ...block, sources: [5] } });
    expect(outside.body).toMatchObject({ message: t('planning.travel.badRequest', { where: 'sources.0' }) });
    const extra = await srv.api('/api/routing/table', { token: opToken, body: { ...block, url: 'http://elsewhere' } });
    expect(extra.status).toBe(400);
    const big = await srv.api('/api/routing/table', { token: opToken, body: { coordinates: Array.from({ length: 101 }, () => [-3.7, 40.4]) } });
    expect(big.status).toBe(400);
    expect(asked.length).toBe(before);
  });

  it('says so when the service is down or answers nonsense', async () => {
    mode = 'down';
    expect(await srv.api('/api/routing/table', { token: opToken, body: block })).toEqual({ status: 502, body: { error: 'osrm_failed', message: t('planning.travel.failed', { status: 503 }) } });
    mode = 'garbage';
    expect(await srv.api('/api/routing/table', { token: opToken, body: block })).toEqual({ status: 502, body: { error: 'osrm_invalid', message: t('planning.travel.invalid') } });
    mode = 'ok';
  });

  it('takes only an http(s) address without credentials or query at start', () => {
    expect(configFromEnv({ CB_OSRM_URL: 'https://router.example.org/' }).osrmUrl).toBe('https://router.example.org');
    expect(configFromEnv({}).osrmUrl).toBeUndefined();
    for (const bad of ['ftp://router', 'https://user:pw@router', 'https://router/?x=1', 'not a url']) {
      expect(() => configFromEnv({ CB_OSRM_URL: bad })).toThrow(StartupError);
    }
  });
});
