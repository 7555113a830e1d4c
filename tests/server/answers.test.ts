/**
 * Issue 30 §4: the server's refusals carry a stable code, the catalogue's key and its values, and
 * the Spanish message worded from the catalogue (server/answers.ts) — a device can word the key
 * in its user's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasMessage, setLanguage, t } from '../../src/i18n';
import { startTestServer, type TestServer } from '../helpers/server';
import { raw } from '../security/helpers';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.stop();
});

type Answer = { error: string; message: string; key: string; vars?: Record<string, string | number> };

describe('server refusals as keys', () => {
  it('name the catalogue key and its values; the message is the Spanish catalogue text', async () => {
    const op = (await srv.login('operador@cargobici.test')).accessToken;
    const unknown = (await srv.api('/api/sync/nada/pull', { token: op })).body as Answer;
    expect(unknown).toEqual({ error: 'unknown_collection', key: 'server.sync.unknownCollection', vars: { name: 'nada' }, message: 'No existe la colección «nada»' });
    const limit = (await srv.api('/api/sync/orders/pull?limit=0', { token: op })).body as Answer;
    expect(limit.key).toBe('server.sync.badLimit');
    expect(limit.message).toBe(t('server.sync.badLimit', limit.vars));
    const broken = await raw(srv.url, { path: '/api/sync/orders/push', method: 'POST', rawBody: '{"roto"', headers: { Authorization: `Bearer ${op}`, 'Content-Type': 'application/json' } });
    expect(broken.body).toEqual({ error: 'bad_request', key: 'server.request.badJson', message: 'Petición no válida: el cuerpo no es un JSON válido' });
  });

  it('a device words the same key in English', async () => {
    const op = (await srv.login('operador@cargobici.test')).accessToken;
    const answer = (await srv.api('/api/sync/nada/pull', { token: op })).body as Answer;
    await setLanguage('en');
    try {
      if (!hasMessage(answer.key)) throw new Error(`no catalogue text for ${answer.key}`);
      expect(t(answer.key, answer.vars)).toBe('There is no collection “nada”');
    } finally {
      await setLanguage('es');
    }
  });
});
