import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './ui/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { buildRouter } from './routes/router';
import { appTheme } from './ui/theme';
import { NotificationsOnDemand } from './ui/NotificationsOnDemand';
import { registerServiceWorker } from './ui/pwa/serviceWorker';
import { listenForInstall } from './ui/pwa/install';
import { initSession } from './data/session';
import { appStore } from './data/appStore';
import { serverConfigFrom } from './backend/serverConfig';
import { createBackend } from './backend/load';
import { startLanguage, useLanguage } from './data/language';

/** Default display time of notifications (specification, section 9). */
const NOTIFICATION_MS = 5000;

// The one backend of the app, from configuration (VITE_BACKEND), handed down to the data layer.
// The default (server) configuration is read without zod; any other loads its validation.
const backendConfig = serverConfigFrom(import.meta.env) ?? (await import('./backend/config')).backendConfigFrom(import.meta.env);
const backend = await createBackend(backendConfig, appStore);
await Promise.all([initSession({ backend, store: appStore, storage: { kind: 'dexie' } }), startLanguage()]);
const router = buildRouter();

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');

/** The app, drawn again whole when the language changes (every text is read again). */
function App() {
  const language = useLanguage((s) => s.language);
  // App renders again only when the language changes: the theme's texts follow it.
  const theme = appTheme();
  return (
    <MantineProvider theme={theme}>
      <NotificationsOnDemand autoClose={NOTIFICATION_MS} />
      <RouterProvider key={language} router={router} />
    </MantineProvider>
  );
}

// The browser's install offer fires early: listen before the first render.
listenForInstall();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
// The app's modules loaded: a later failure to load them may be retried again (public/boot-guard.js).
try {
  sessionStorage.removeItem('cb-boot-retried');
} catch {
  // No session storage: the guard explains instead of retrying.
}
