import { expect, type Locator, type Page } from '@playwright/test';

/** A back-office list of the CRUD kit (`/hub`, `/bike`, `/bike-model`, …): search, rows, count. */
export class EntityList {
  readonly search: Locator;
  readonly count: Locator;
  readonly rows: Locator;

  /** `root`: the list's section when a page shows several (/config). */
  constructor(readonly page: Page, readonly path: string, root?: Locator) {
    const within = root ?? page;
    this.search = within.getByTestId('crud-search');
    this.count = within.getByTestId('crud-count');
    this.rows = within.getByTestId('crud-row');
  }

  async open(): Promise<void> {
    await this.page.goto(this.path);
  }

  /** Searches for `text`; the one row that shows it. */
  async row(text: string): Promise<Locator> {
    await this.search.fill(text);
    const row = this.rows.filter({ hasText: text });
    await expect(row).toHaveCount(1);
    return row;
  }

  async expectNoRow(text: string): Promise<void> {
    await this.search.fill(text);
    await expect(this.count).toHaveText(/^0 de \d+$/);
  }

  /** Opens the form of the row that shows `text` through its «Editar» link. */
  async edit(text: string): Promise<void> {
    await (await this.row(text)).getByRole('link', { name: 'Editar' }).click();
  }

  /** Opens the form of the row through the link on its name. */
  async openRecord(name: string): Promise<void> {
    await (await this.row(name)).getByRole('link', { name }).click();
  }
}

/** The form of the CRUD kit: choose in a select, save, delete. */
export class EntityForm {
  constructor(readonly page: Page) {}

  async choose(label: string, option: string | RegExp): Promise<void> {
    await this.page.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option }).first().click();
  }

  /** Presses «Guardar» (a new record goes back to its list). */
  async submit(): Promise<void> {
    await this.page.getByRole('button', { name: 'Guardar', exact: true }).click();
  }

  /** Saves an edit and waits for the confirmation. */
  async save(message = 'Guardado'): Promise<void> {
    await this.submit();
    await expect(this.page.getByText(message, { exact: true }).first()).toBeVisible();
  }

  async delete(): Promise<void> {
    await this.page.getByRole('button', { name: 'Borrar', exact: true }).first().click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Borrar', exact: true }).click();
    await expect(this.page.getByText('Borrado', { exact: true }).first()).toBeVisible();
  }
}
