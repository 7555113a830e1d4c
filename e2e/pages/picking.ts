import { expect, type BrowserContext, type Page } from '@playwright/test';
import { t } from '../../src/i18n';
import { waitForServiceWorker } from '../support';

/**
 * From /picking: a planned route's card (nothing picked of its `lines` yet), «Empezar» on it, and
 * the tablet then loses its signal (the app keeps working from the service worker).
 */
export async function startPickingOffline(page: Page, context: BrowserContext, route: { id: string; name: string; lines: number }): Promise<void> {
  const card = page.locator(`[data-testid="picking-route-card"][data-route="${route.id}"]`);
  await expect(card.getByTestId('picking-route-status')).toHaveText('Planificada');
  await expect(card.getByTestId('picking-lines')).toHaveText(t('pickingScreens.lines', { done: 0, total: route.lines }));
  await card.getByRole('link', { name: `${t('pickingScreens.start')} ${route.name}` }).click();
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-sync-state', 'offline');
}
