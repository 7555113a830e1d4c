import { expect, type Locator, type Page } from '@playwright/test';

/** The rider's route page and its stops: open the next order, deliver it, or report it failed. */
export class RiderStop {
  constructor(readonly page: Page, readonly routeUrl: string) {}

  /** From the route page: the next pending stop, then the first order still to deliver there (its code). */
  async openNextOrder(): Promise<string> {
    const { page } = this;
    await page.goto(this.routeUrl);
    this.order = null;
    await page.getByTestId('next-stop').getByRole('link', { name: 'Siguiente parada' }).click();
    await expect(page.getByTestId('stop-of')).toContainText('Parada');
    const order = page.getByTestId('stop-order').filter({ has: page.getByRole('link', { name: 'Entregar' }) }).first();
    return (await order.locator('p').first().innerText()).trim();
  }

  /**
   * The stop of `point` on this route, and the order `code` on it (a spec that chose its orders
   * among the demo data goes straight to them: e2e/choices.ts).
   */
  async openOrder(point: { pointId: string; code: string }, riderId: string, routeId: string): Promise<void> {
    const { page } = this;
    await page.goto(`/distribution/pe/${encodeURIComponent(point.pointId)}/rider_id/${encodeURIComponent(riderId)}/routeId/${encodeURIComponent(routeId)}`);
    await expect(page.getByTestId('stop-of')).toContainText('Parada');
    this.order = page.getByTestId('stop-order').filter({ hasText: point.code });
    await expect(this.order).toHaveCount(1);
  }

  /** The order row chosen by openOrder (else the stop's first order still to deliver). */
  private order: Locator | null = null;

  private rowLinks(name: string): Locator {
    const scope = this.order ?? this.page;
    this.order = null;
    return scope.getByRole('link', { name }).first();
  }

  /** «Entregar» on the order opened by openOrder, else on the stop's first order still to deliver: its lines. */
  async startDelivery(): Promise<void> {
    await this.rowLinks('Entregar').click();
  }

  async continueToPayment(): Promise<void> {
    await this.page.getByRole('button', { name: 'Continuar a firma y cobro' }).click();
  }

  async payCash(tendered?: string): Promise<void> {
    await this.page.locator('label').filter({ hasText: /^Efectivo$/ }).click();
    if (tendered !== undefined) await this.page.getByLabel('Importe entregado por el cliente').fill(tendered);
  }

  /** Draws a signature on the pad and names who signs. */
  async sign(signer: string): Promise<void> {
    const { page } = this;
    const pad = page.getByTestId('signature-pad');
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error('no signature pad');
    await page.mouse.move(box.x + 30, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 12; i += 1) await page.mouse.move(box.x + 30 + i * 20, box.y + box.height / 2 + (i % 2 ? -20 : 20), { steps: 2 });
    await page.mouse.up();
    await page.getByLabel('Nombre de quien firma').fill(signer);
  }

  /** «Confirmar entrega»: back on the stop. */
  async confirmDelivery(): Promise<void> {
    await this.page.getByRole('button', { name: 'Confirmar entrega' }).click();
    await expect(this.page.getByTestId('stop-of')).toBeVisible();
  }

  /** «No entregado» on the order opened by openOrder, else on the stop's first order still to deliver. */
  async startFailure(): Promise<void> {
    await this.rowLinks('No entregado').click();
  }

  async submitFailure(): Promise<void> {
    await this.page.getByRole('button', { name: 'Registrar entrega fallida' }).click();
  }

  /** Chooses the reason, writes the note and records the failed delivery: back on the stop. */
  async fail(reason: string, note: string): Promise<void> {
    const { page } = this;
    await page.getByRole('combobox', { name: 'Motivo' }).click();
    await page.getByRole('option', { name: reason }).click();
    await page.getByLabel('Nota').fill(note);
    await this.submitFailure();
    await expect(page.getByTestId('stop-of')).toBeVisible();
  }
}
