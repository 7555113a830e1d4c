import { useLayoutEffect } from 'react';
import { Notifications, useNotifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';

/** Below this width the app is on a phone (Mantine's `sm` breakpoint). */
export const PHONE_QUERY = '(max-width: 48em)';

/** The class of the notification containers (their place is in src/ui/global.css). */
const CONTAINER_CLASS = 'cb-notifications';
/** The gap between the header and a notification, and between a notification and the page, in px. */
const GAP = 8;

/**
 * Where notifications go (issue 28: on a phone, one at the bottom covered the signature pad and
 * took the rider's stroke; on the desk, one covered the header). A notification never covers
 * what a person is working on, nor the header:
 * - it appears at the top, just below the header (the header, the sync badge and the user menu
 *   stay visible); on pages without a header, at the top of the screen;
 * - on a phone it comes one at a time across the width, and the page moves down by the
 *   notification's height while it is shown (`--cb-notification-space`, the body's top padding):
 *   the strip takes its own room instead of sitting over the signature pad, a field or the main
 *   button, wherever the page is scrolled;
 * - on larger screens up to three stack at the top right, below the header;
 * - every notification can be closed with its button or swiped away (Mantine's drag dismiss).
 */
export function AppNotifications({ autoClose }: { autoClose: number }) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const { notifications } = useNotifications();
  const count = notifications.length;

  useLayoutEffect(() => {
    const root = document.documentElement;
    const place = () => {
      const header = document.querySelector('.mantine-AppShell-header');
      const top = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
      root.style.setProperty('--cb-notifications-top', `${top + GAP}px`);
      const strip = phone ? document.querySelector(`.${CONTAINER_CLASS}[data-position="top-center"]`) : null;
      const height = strip ? strip.getBoundingClientRect().height : 0;
      if (height > 0) {
        root.style.setProperty('--cb-notification-space', `${height + 2 * GAP}px`);
        root.dataset.notifying = '';
      } else {
        root.style.removeProperty('--cb-notification-space');
        delete root.dataset.notifying;
      }
    };
    place();
    const strip = document.querySelector(`.${CONTAINER_CLASS}[data-position="top-center"]`);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    if (strip) observer?.observe(strip);
    window.addEventListener('resize', place);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', place);
    };
  }, [phone, count]);

  useLayoutEffect(
    () => () => {
      document.documentElement.style.removeProperty('--cb-notification-space');
      delete document.documentElement.dataset.notifying;
    },
    [],
  );

  return (
    <Notifications
      className={CONTAINER_CLASS}
      autoClose={autoClose}
      position={phone ? 'top-center' : 'top-right'}
      limit={phone ? 1 : 3}
      containerWidth={phone ? 720 : 420}
      allowDragDismiss
      // In place, not in a portal: the containers exist when the effect above measures them
      // (a portal mounts its children one effect later, unobserved).
      withinPortal={false}
    />
  );
}
