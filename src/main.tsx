import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './ui/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { buildRouter } from './routes/router';
import { theme } from './ui/theme';
import { NotificationsOnDemand } from './ui/NotificationsOnDemand';
import { registerServiceWorker } from './ui/pwa/serviceWorker';
import { listenForInstall } from './ui/pwa/install';
import { initSession } from './data/session';

/** Default display time of notifications (specification, section 9). */
const NOTIFICATION_MS = 5000;

await initSession();
const router = buildRouter();

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');

// The browser's install offer fires early: listen before the first render.
listenForInstall();
createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <NotificationsOnDemand autoClose={NOTIFICATION_MS} />
      <RouterProvider router={router} />
    </MantineProvider>
  </StrictMode>,
);

registerServiceWorker();
