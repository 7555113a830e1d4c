import { describe, expect, it } from 'vitest';
import { failAction, IDLE, runAction, type ActionState } from '../../src/ui/action/useAction';

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

  it('failAction shows a check error without running or touching busy and result; null clears it', async () => {
    const r = recorder<string>();
    await runAction(async () => 'hecho', [], r.set);
    failAction('Motivo: obligatorio', r.set);
    expect(r.state).toEqual({ busy: false, error: 'Motivo: obligatorio', result: 'hecho' });
    failAction(null, r.set);
    expect(r.state.error).toBeNull();
  });
});
