/** Steps and files the import spec shares (e2e/import.spec.ts): the corpus moved to a day of its own, a template CSV, the import screen. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from '../test';
import { gotoSynced, signInSynced } from '../support';

export const FIXTURES = join(import.meta.dirname, '..', '..', 'tests', 'fixtures', 'import');
export const FIXTURE_DATE = '23/11/2026';

/** A day three days ahead in Madrid: ISO and as the corpus writes it (dd/mm/aaaa). */
export function targetDay(): { iso: string; es: string } {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + 3 * 86_400_000));
  return { iso, es: `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` };
}

/** A corpus file with its date moved and its texts replaced (`[from, to]` pairs, every occurrence). */
export function fixture(name: string, replace: readonly (readonly [string, string])[]): string {
  let text = readFileSync(join(FIXTURES, name), 'utf8');
  for (const [from, to] of [[FIXTURE_DATE, targetDay().es] as const, ...replace]) text = text.split(from).join(to);
  return text;
}

/** A day `days` from today in Madrid, as the template writes it (dd/mm/aaaa). */
export function madridDay(days: number): string {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000));
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

export const TEMPLATE_HEADER = 'Cliente;Referencia pedido;Fecha entrega;Franja;Código punto;Nombre punto;Dirección;Código postal;Ciudad;Teléfono;Producto;Cantidad;Forma de pago;Notas';

export interface TemplateRow {
  readonly ref: string;
  readonly point: readonly [code: string, name: string];
  readonly product?: string;
  readonly quantity?: string;
  readonly date?: string;
}

/** A template CSV (`;`, with BOM) of pascual's orders at new points, three days ahead unless told. */
export function csvOf(rows: readonly TemplateRow[]): Buffer {
  const lines = rows.map((r) =>
    ['pascual', r.ref, r.date ?? targetDay().es, '09:00-13:00', r.point[0], r.point[1], 'Calle de Atocha, 12', '28045', 'Madrid', "'+34 911 36 16 15", r.product ?? 'PAS-0001', r.quantity ?? '2', 'efectivo', ''].join(';'),
  );
  return Buffer.from(`\uFEFF${[TEMPLATE_HEADER, ...lines].join('\r\n')}\r\n`, 'utf8');
}

export async function openImport(page: Page, path = '/charge'): Promise<void> {
  await signInSynced(page, 'operador@cargobici.test');
  // The blank layout (hub desk) has no sync badge: its data is what the first sync stored here.
  if (path.startsWith('/blank') || path === '/import') await page.goto(path);
  else await gotoSynced(page, path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('import-page')).toHaveAttribute('data-phase', 'idle');
}

export async function chooseFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
  await page.getByTestId('import-files').setInputFiles(files);
  await expect(page.getByTestId('import-mapping')).toBeVisible();
}

export async function review(page: Page): Promise<void> {
  await page.getByTestId('import-review').click();
  await expect(page.getByTestId('import-preview')).toBeVisible();
}

export async function findInOrders(page: Page, text: string): Promise<void> {
  await page.getByLabel('Fecha', { exact: true }).fill(targetDay().iso);
  await page.getByLabel('Buscar').fill(text);
  await expect(page.getByText(text).first()).toBeVisible();
}
