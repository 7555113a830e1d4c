/**
 * Lazy components that survive a lost connection (src/data/chunks.ts): offline, a screen or a
 * part whose code is not on the device yet waits and appears when the connection is back,
 * instead of breaking the app; a screen says so meanwhile (`ChunkLoading`: never an endless
 * spinner). A load that failed for good is caught by `ChunkBoundary`, which keeps the rest of the
 * app working.
 */
import { Component, lazy, useSyncExternalStore, type ComponentType, type ErrorInfo, type LazyExoticComponent, type ReactNode } from 'react';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { isChunkLoadError, loadWhenReachable, retryWaitingLoads } from '../data/chunks';
import { t } from '../i18n';

/** A lazy component whose code can be fetched before it first renders. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PreloadableLazy<T extends ComponentType<any>> = LazyExoticComponent<T> & {
  /** Starts loading the code (once; again after a failure) without rendering anything. */
  preload(): void;
};

/**
 * `React.lazy`, with the load retried when the connection comes back, and `preload()`: a link
 * that is about to be followed fetches the screen's code beforehand, so the click that follows
 * does not start the download (and Vite's preloading of its dependencies) in the same task.
 * The render and the preload share one load; a failed one is tried afresh the next time.
 */
// The same type as React's `lazy` (any component type, its props kept).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyChunk<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): PreloadableLazy<T> {
  let loading: Promise<{ default: T }> | null = null;
  const shared = (): Promise<{ default: T }> => {
    if (loading === null) {
      const attempt = loadWhenReachable(load);
      loading = attempt;
      attempt.catch(() => {
        if (loading === attempt) loading = null;
      });
    }
    return loading;
  };
  return Object.assign(lazy(shared), {
    preload: () => {
      // Its failure is the render's to report (ChunkBoundary), not an unhandled rejection here.
      shared().catch(() => undefined);
    },
  });
}

interface BoundaryProps {
  /** What to show instead of the part that failed: nothing (a part of the frame) or a notice (a screen). */
  readonly fallback: 'nothing' | 'notice';
  readonly children: ReactNode;
}

/**
 * Catches a part whose code failed to load, so that the frame, the menu and the sync badge stay:
 * a screen shows a Spanish notice with «Recargar la página»; a part of the frame (the
 * notifications, the user menu) is left out. Any other error goes on to the boundary above.
 */
export class ChunkBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isChunkLoadError(error)) console.error('CargoBici: a part of the app could not be downloaded', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    if (this.props.fallback === 'nothing') return null;
    return (
      <Alert color="red" title={t('app.chunkFailedTitle')} data-testid="chunk-failed">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('app.chunkFailed')}</Text>
          <Button onClick={() => window.location.reload()}>{t('app.reload')}</Button>
        </Stack>
      </Alert>
    );
  }
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * The Suspense fallback of a screen whose code loads on demand: «Cargando…» while online (nothing
 * when `quiet`); offline, the screen's code may not be on the device yet (a connection lost right
 * after the first sign-in), so it says so, that the screen opens by itself when the connection
 * is back, and offers «Reintentar» (a connection the browser has not noticed yet).
 */
export function ChunkLoading({ quiet = false }: { readonly quiet?: boolean }) {
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
  if (online) return quiet ? null : <Loader aria-label={t('app.loading')} />;
  return (
    <Alert color="yellow" title={t('pwa.chunkWaitingTitle')} data-testid="chunk-waiting" role="status">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('pwa.chunkWaitingBody')}</Text>
        <Button size="md" variant="light" onClick={retryWaitingLoads}>
          {t('pwa.chunkRetry')}
        </Button>
      </Stack>
    </Alert>
  );
}
