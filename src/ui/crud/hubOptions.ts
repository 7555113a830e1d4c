/**
 * Hubs as names and select options (re-exported by ./options.tsx): no zod and no table here, so a
 * first screen that names hubs loads neither (issue 31).
 */
import { t } from '../../i18n';
import type { Hub } from '../../domain/entities/reference';
import '../../i18n/es/users';

export interface Option {
  readonly value: string;
  readonly label: string;
}

/** Hubs as select options: the value is the hub number as text. */
export function hubOptions(hubs: readonly Pick<Hub, 'number' | 'name'>[]): Option[] {
  return [...hubs].sort((a, b) => a.number - b.number).map((h) => ({ value: String(h.number), label: `${h.number} · ${h.name}` }));
}

/** «3 · Madrid Chamberí», or the bare number for an unknown hub. */
export function hubLabel(hubs: readonly Pick<Hub, 'number' | 'name'>[], n: number): string {
  const hub = hubs.find((h) => h.number === n);
  return hub ? `${hub.number} · ${hub.name}` : String(n);
}

/** A hub's own name («Hub Madrid Arganzuela»), or «Hub 9» for a hub not on this device. */
export function hubName(hubs: readonly Pick<Hub, 'number' | 'name'>[], n: number): string {
  const name = hubs.find((h) => h.number === n)?.name.trim() ?? '';
  return name !== '' ? name : t('backoffice.hubNumber', { n });
}

/** A person's hub in a list: its name, or «Todos» for hub 0 (no hub of his own: every hub; issue 28 read «0»). */
export function hubOrAll(hubs: readonly Pick<Hub, 'number' | 'name'>[], n: number): string {
  return n === 0 ? t('users.allHubs') : hubName(hubs, n);
}

/**
 * Hubs as select options named by their names (issue 28: the picking hub selector read «Hub 3 ·
 * Barcelona», «Hub 4 · Barcelona»); the value is the hub number as text.
 */
export function hubNameOptions(hubs: readonly Pick<Hub, 'number' | 'name'>[]): Option[] {
  return [...hubs].sort((a, b) => a.number - b.number).map((h) => ({ value: String(h.number), label: hubName(hubs, h.number) }));
}

