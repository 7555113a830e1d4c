import { expect, type Locator, type Page } from '@playwright/test';

/**
 * An operator's incidence list (/incidence-all-delivered) and the follow-up dialog of one of its
 * incidences, found by its order's code: open it, choose a state or a person, write the note,
 * ask for a re-delivery, save.
 */
export class FollowUp {
  readonly row: Locator;
  readonly dialog: Locator;

  constructor(
    readonly page: Page,
    readonly code: string,
  ) {
    this.row = page.getByTestId('crud-row').filter({ hasText: code }).first();
    this.dialog = page.getByRole('dialog');
  }

  /** Searches the list for the order's code: its row is there. */
  async find(): Promise<void> {
    await this.page.getByLabel('Buscar').fill(this.code);
    await expect(this.row).toBeVisible();
  }

  async expectState(state: string): Promise<void> {
    await expect(this.row.getByTestId('follow-up-state')).toHaveText(state);
  }

  async open(): Promise<void> {
    await this.row.getByRole('button', { name: `Abrir el seguimiento de la incidencia de ${this.code}` }).click();
    await expect(this.dialog).toBeVisible();
  }

  private async choose(combobox: string, option: string): Promise<void> {
    await this.dialog.getByRole('combobox', { name: combobox }).click();
    await this.page.getByRole('option', { name: option }).click();
  }

  async state(name: string): Promise<void> {
    await this.choose('Nuevo estado', name);
  }

  async assignee(name: string): Promise<void> {
    await this.choose('Responsable', name);
  }

  async note(text: string): Promise<void> {
    await this.dialog.getByLabel('Nota o resolución').fill(text);
  }

  /** Ticks «Crear un pedido de reentrega»: the day offered for it. */
  async redelivery(): Promise<string> {
    await this.dialog.getByLabel('Crear un pedido de reentrega').check();
    return this.dialog.getByLabel('Día de la reentrega').inputValue();
  }

  /** «Guardar seguimiento»: the dialog closes and the row shows the new state. */
  async save(expectedState: string): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Guardar seguimiento' }).click();
    await expect(this.dialog).toHaveCount(0);
    await this.expectState(expectedState);
  }
}
