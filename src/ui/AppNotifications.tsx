import { Notifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';

/** Below this width the app is on a phone (Mantine's `sm` breakpoint). */
export const PHONE_QUERY = '(max-width: 48em)';

/**
 * The app's notifications. On a phone they come one at a time (the rest wait their turn) at the
 * bottom, where they hide neither the header, the sync badge nor the status of what the rider
 * is working on; on larger screens up to three stack at the top right.
 */
export function AppNotifications({ autoClose }: { autoClose: number }) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  return <Notifications autoClose={autoClose} position={phone ? 'bottom-center' : 'top-right'} limit={phone ? 1 : 3} />;
}
