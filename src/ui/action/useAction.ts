/**
 * One way for a screen to run an action (issue 16): while it runs the button shows «busy», a
 * failure becomes the Spanish text of `errorText` (shown by the screen), a success keeps the
 * action's result. Replaces the try / catch / finally with three `useState` each form repeated.
 */
import { useState } from 'react';
import { errorText } from '../errors';

export interface ActionState<R> {
  readonly busy: boolean;
  readonly error: string | null;
  /** The last successful result (undefined before the first success). */
  readonly result: R | undefined;
}

export const IDLE: ActionState<never> = { busy: false, error: null, result: undefined };

/**
 * Runs `fn` and reports each state change to `set`: busy (error cleared), then either the result
 * or the error text. Resolves to the result, or undefined when `fn` failed (it never throws).
 */
export async function runAction<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
  args: A,
  set: (update: (s: ActionState<R>) => ActionState<R>) => void,
): Promise<R | undefined> {
  set((s) => ({ ...s, busy: true, error: null }));
  try {
    const result = await fn(...args);
    set(() => ({ busy: false, error: null, result }));
    return result;
  } catch (err) {
    set((s) => ({ ...s, busy: false, error: errorText(err) }));
    return undefined;
  }
}

/** `run(...)` runs the action (see `runAction`); `busy`, `error` and `result` follow it. */
export function useAction<A extends unknown[], R>(fn: (...args: A) => Promise<R>) {
  const [state, setState] = useState<ActionState<R>>(IDLE);
  const run = (...args: A) => runAction(fn, args, setState);
  return { ...state, run };
}
