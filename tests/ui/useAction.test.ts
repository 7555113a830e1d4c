import { describe, expect, it } from 'vitest';
import { failAction, IDLE, runAction, type ActionState } from '../../src/ui/action/useAction';
import { BackendError } from '../../src/backend/types';
import { errorText, messageOf } from '../../src/ui/errors';

function recorder<R>() {
  let state: ActionState<R> = IDLE;
  const seen: ActionState<R>[] = [];
  return {
    set: (update: (s: ActionState<R>) => ActionState<R>) => {
      state = update(state);
      seen.push(state);
    },
    seen,
    get state() {
      return state;
    },
  };
}

describe('runAction (the core of useAction)', () => {
  it('is busy while the action runs, then keeps its result', async () => {
    const r = recorder<number>();
    let busyInside = false;
    const result = await runAction(async (a: number, b: number) => {
      busyInside = r.state.busy;
      return a + b;
    }, [2, 3], r.set);
    expect(busyInside).toBe(true);
    expect(result).toBe(5);
    expect(r.state).toEqual({ busy: false, error: null, result: 5 });
  });

  it('turns a failure into the Spanish error text and never throws', async () => {
    const r = recorder<void>();
    const result = await runAction(async () => {
      throw new Error('Correo o contraseña incorrectos');
    }, [], r.set);
    expect(result).toBeUndefined();
    expect(r.state.busy).toBe(false);
    expect(r.state.error).toBe('Correo o contraseña incorrectos');
  });

  it('a new run clears the previous error and keeps the last result until it succeeds', async () => {
    const r = recorder<string>();
    await runAction(async () => 'primero', [], r.set);
    await runAction(async () => {
      throw new Error('x');
    }, [], r.set);
    expect(r.state).toMatchObject({ busy: false, result: 'primero' });
    expect(r.state.error).not.toBeNull();
    let errorWhileBusy: string | null = 'unset';
    await runAction(async () => {
      errorWhileBusy = r.state.error;
      return 'segundo';
    }, [], r.set);
    expect(errorWhileBusy).toBeNull();
    expect(r.state).toEqual({ busy: false, error: null, result: 'segundo' });
  });
});

describe('useAction extensions: onError and failAction', () => {
  it('tells onError the same text it keeps as the error, and nothing on success', async () => {
    const r = recorder<number>();
    const told: string[] = [];
    await runAction(async () => 1, [], r.set, { onError: (text) => told.push(text) });
    expect(told).toEqual([]);
    await runAction(
      async () => {
        throw new Error('La ruta ya salió');
      },
      [],
      r.set,
      { onError: (text) => told.push(text) },
    );
    expect(told).toEqual(['La ruta ya salió']);
    expect(r.state.error).toBe('La ruta ya salió');
  });

  it('onError is also given the failure itself (a refused form puts its messages next to its fields)', async () => {
    const r = recorder<void>();
    const refusal = Object.assign(new Error('name: obligatorio'), { errors: [{ path: 'name', message: 'obligatorio' }] });
    const seen: unknown[] = [];
    await runAction(
      async () => {
        throw refusal;
      },
      [],
      r.set,
      { onError: (_text, err) => seen.push(err) },
    );
    expect(seen).toEqual([refusal]);
  });

  it('describe words the failure instead of errorText, and its text is kept and told', async () => {
    const r = recorder<void>();
    const told: string[] = [];
    await runAction(
      async () => {
        throw new Error('sin red');
      },
      [],
      r.set,
      { describe: (err) => `No se pudo crear el enlace: ${(err as Error).message}`, onError: (text) => told.push(text) },
    );
    expect(r.state).toEqual({ busy: false, error: 'No se pudo crear el enlace: sin red', result: undefined });
    expect(told).toEqual(['No se pudo crear el enlace: sin red']);
  });

  it('without describe a network failure of the backend reads as errorText says, with describe as thrown', async () => {
    const offline = new BackendError('network', 'Failed to fetch');
    const r = recorder<void>();
    await runAction(async () => {
      throw offline;
    }, [], r.set);
    expect(r.state.error).toBe(errorText(offline));
    expect(r.state.error).not.toBe('Failed to fetch');
    await runAction(async () => {
      throw offline;
    }, [], r.set, { describe: messageOf });
    expect(r.state.error).toBe('Failed to fetch');
  });

  it('failAction shows a check error without running or touching busy and result; null clears it', async () => {
    const r = recorder<string>();
    await runAction(async () => 'hecho', [], r.set);
    failAction('Motivo: obligatorio', r.set);
    expect(r.state).toEqual({ busy: false, error: 'Motivo: obligatorio', result: 'hecho' });
    failAction(null, r.set);
    expect(r.state.error).toBeNull();
  });
});
