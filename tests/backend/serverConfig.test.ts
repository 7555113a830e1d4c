/** The zod-free reading of the default backend's configuration agrees with backendConfigFrom. */
import { describe, expect, it } from 'vitest';
import { backendConfigFrom } from '../../src/backend/config';
import { serverConfigFrom } from '../../src/backend/serverConfig';

describe('serverConfigFrom', () => {
  it.each([{}, { VITE_BACKEND: 'server' }, { VITE_BACKEND: ' server ', VITE_SERVER_URL: ' https://cb.example ' }, { VITE_BACKEND: '', VITE_SERVER_URL: '' }, { VITE_SERVER_URL: true }])(
    'gives what backendConfigFrom gives for %j',
    (env) => {
      expect(serverConfigFrom(env)).toEqual(backendConfigFrom(env));
    },
  );

  it('leaves every other backend (and an unknown one) to backendConfigFrom', () => {
    expect(serverConfigFrom({ VITE_BACKEND: 'firebase' })).toBeNull();
    expect(serverConfigFrom({ VITE_BACKEND: 'nube' })).toBeNull();
  });
});
