import { Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';
import { ChunkBoundary, lazyChunk } from './lazyChunk';

const AppNotifications = lazyChunk(() => import('./AppNotifications').then((m) => ({ default: m.AppNotifications })));

/**
 * The app's notifications, loaded when the first one is shown (issue 15: the first screen does
 * not download the notification container). Notifications shown meanwhile wait in Mantine's store
 * and appear as soon as the container has loaded (offline, when the connection is back if the
 * service worker had not stored it yet); once loaded it stays.
 */
export function NotificationsOnDemand({ autoClose }: { autoClose: number }) {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && (notifications.length > 0 || queue.length > 0)) setWanted(true);
  if (!wanted) return null;
  return (
    <ChunkBoundary fallback="nothing">
      <Suspense fallback={null}>
        <AppNotifications autoClose={autoClose} />
      </Suspense>
    </ChunkBoundary>
  );
}
