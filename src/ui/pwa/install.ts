/**
 * «Instalar la app» (issue 15, part 4): on phones and tablets, offer to install when the browser
 * offers it (`beforeinstallprompt`: Chromium browsers), and show a short hint on iOS, whose Safari
 * installs only from the share menu. Nothing is offered once the app runs installed.
 */
import { create } from 'zustand';

/** The browser's install event (not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice?: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface InstallContext {
  /** The browser handed us an install event. */
  readonly canPrompt: boolean;
  /** Already running as an installed app. */
  readonly standalone: boolean;
  /** A touch-first device (phone or tablet). */
  readonly touch: boolean;
  readonly ios: boolean;
  readonly dismissed: boolean;
}

export type InstallOffer = 'prompt' | 'ios-hint' | null;

export function installOffer(c: InstallContext): InstallOffer {
  if (c.standalone || c.dismissed || !c.touch) return null;
  if (c.canPrompt) return 'prompt';
  return c.ios ? 'ios-hint' : null;
}

/** iPhone, iPad (also iPadOS, which says it is a Mac but has touch), iPod. */
export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

interface InstallState {
  readonly event: InstallPromptEvent | null;
  readonly dismissed: boolean;
  readonly installed: boolean;
}

export const useInstallStore = create<InstallState>()(() => ({ event: null, dismissed: false, installed: false }));

/** Listens for the browser's install offer; call once at start-up (the event fires early). */
export function listenForInstall(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    useInstallStore.setState({ event: e as InstallPromptEvent });
  });
  target.addEventListener('appinstalled', () => useInstallStore.setState({ event: null, installed: true }));
}

/** Shows the browser's install dialog; the offer goes away whatever the answer. */
export async function promptInstall(): Promise<void> {
  const { event } = useInstallStore.getState();
  if (!event) return;
  useInstallStore.setState({ event: null });
  await event.prompt();
  const choice = await event.userChoice?.catch(() => undefined);
  if (choice?.outcome === 'accepted') useInstallStore.setState({ installed: true });
}

export function dismissInstall(): void {
  useInstallStore.setState({ dismissed: true });
}
