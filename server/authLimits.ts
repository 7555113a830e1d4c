/**
 * The sign-in and password-reset attempt limits of the embedded server (./auth.ts).
 */
import { Backoff, FixedWindow } from './throttle';

/**
 * Attempt limits (DESIGN: docs/access.md «Security of the embedded server», «Sign-in limits»). Delays double from 1 s up to 15
 * minutes after the free failures; a key forgets its failures after a day without any.
 */
export const LIMITS = {
  /** Per account and address (unknown device): a guesser at one place. */
  pair: { free: 5, baseMs: 1000, maxMs: 15 * 60_000, forgetMs: 24 * 3600_000 },
  /** Per account from anywhere (unknown devices): guessing spread over many addresses. */
  account: { free: 10, baseMs: 1000, maxMs: 15 * 60_000, forgetMs: 24 * 3600_000 },
  /** Per address over every account (unknown devices): a hub's shared connection has many users. */
  address: { free: 30, baseMs: 1000, maxMs: 15 * 60_000, forgetMs: 24 * 3600_000 },
  /** Per account and known device: a stolen phone. */
  device: { free: 5, baseMs: 1000, maxMs: 15 * 60_000, forgetMs: 24 * 3600_000 },
  /** Per user, for password checks with a valid access token (unlock, change password). */
  signedIn: { free: 5, baseMs: 1000, maxMs: 15 * 60_000, forgetMs: 24 * 3600_000 },
} as const;
/** Password-reset requests: per e-mail and per address, per hour. */
export const RESET_LIMITS = { perEmail: 5, perAddress: 20, windowMs: 3600_000 } as const;

/** The counters of every limit, one set per AuthService. */
export interface AuthLimits {
  readonly pair: Backoff;
  readonly account: Backoff;
  readonly address: Backoff;
  readonly device: Backoff;
  readonly signedIn: Backoff;
  readonly resetPerEmail: FixedWindow;
  readonly resetPerAddress: FixedWindow;
}

export function authLimits(now: () => number): AuthLimits {
  return {
    pair: new Backoff(LIMITS.pair, now),
    account: new Backoff(LIMITS.account, now),
    address: new Backoff(LIMITS.address, now),
    device: new Backoff(LIMITS.device, now),
    signedIn: new Backoff(LIMITS.signedIn, now),
    resetPerEmail: new FixedWindow(RESET_LIMITS.perEmail, RESET_LIMITS.windowMs, now),
    resetPerAddress: new FixedWindow(RESET_LIMITS.perAddress, RESET_LIMITS.windowMs, now),
  };
}
