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

export interface ActionOptions {
  /**
   * Also told the error text of a failure, for a screen that shows it elsewhere than under its
   * button (a notification, a feedback line). The text is kept in `error` all the same.
   */
  readonly onError?: (text: string) => void;
}

/**
 * Runs `fn` and reports each state change to `set`: busy (error cleared), then either the result
 * or the error text. Resolves to the result, or undefined when `fn` failed (it never throws).
 */
export async function runAction<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
  args: A,
  set: (update: (s: ActionState<R>) => ActionState<R>) => void,
  options: ActionOptions = {},
): Promise<R | undefined> {
  set((s) => ({ ...s, busy: true, error: null }));
  try {
    const result = await fn(...args);
    set(() => ({ busy: false, error: null, result }));
    return result;
  } catch (err) {
    const text = errorText(err);
    set((s) => ({ ...s, busy: false, error: text }));
    options.onError?.(text);
    return undefined;
  }
}

/**
 * Shows `text` as the action's error without running it (a check of the form that failed before
 * the action could start); `null` clears the error.
 */
export function failAction<R>(text: string | null, set: (update: (s: ActionState<R>) => ActionState<R>) => void): void {
  set((s) => ({ ...s, error: text }));
}

/**
 * `run(...)` runs the action (see `runAction`); `fail(text)` shows a form check's error (see
 * `failAction`); `busy`, `error` and `result` follow them.
 */
export function useAction<A extends unknown[], R>(fn: (...args: A) => Promise<R>, options?: ActionOptions) {
  const [state, setState] = useState<ActionState<R>>(IDLE);
  const run = (...args: A) => runAction(fn, args, setState, options);
  const fail = (text: string | null) => failAction(text, setState);
  return { ...state, run, fail };
}
