import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

const AppNotifications = lazy(() => import('./AppNotifications').then((m) => ({ default: m.AppNotifications })));

/**
 * The app's notifications, loaded when the first one is shown (issue 15: the first screen does
 * not download the notification container). Notifications shown meanwhile wait in Mantine's store
 * and appear as soon as the container has loaded; once loaded it stays.
 */
export function NotificationsOnDemand({ autoClose }: { autoClose: number }) {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && (notifications.length > 0 || queue.length > 0)) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppNotifications autoClose={autoClose} />
    </Suspense>
  );
}
