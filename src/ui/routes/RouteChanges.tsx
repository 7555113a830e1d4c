/**
 * The record of changes of a published route (issue 11), newest first: when, who, and what,
 * worded from the catalogue. The office sees it on the route's page; the rider sees what changed
 * on his route's screen as soon as it syncs (the publication itself is not news to him).
 */
import { List, Text } from '@mantine/core';
import { t } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import { statusText } from '../../i18n/status';
import { ROUTE_STATUSES, routeMachine, type RouteStatus } from '../../domain/status/machines';
import type { RouteChange } from '../../domain/entities/operation';

const isRouteStatus = (s: string | undefined): s is RouteStatus => s !== undefined && (ROUTE_STATUSES as readonly string[]).includes(s);

/** One change in words: «Repartidor: Ramón → Rita». */
export function changeText(c: RouteChange): string {
  const value = (v: string | undefined) => (v === undefined || v === '' ? t('routeChanges.none') : c.kind === 'status' && isRouteStatus(v) ? statusText(routeMachine, v) : v);
  return t(`routeChanges.kind.${c.kind}`, { from: value(c.from), to: value(c.to), point: c.point ?? '' });
}

/** Changes after the publication: what a rider is told about. */
export function changesAfterPublishing(changes: readonly RouteChange[] | undefined): RouteChange[] {
  return (changes ?? []).filter((c) => !(c.kind === 'status' && c.from === 'draft'));
}

export function RouteChanges({ changes, limit, testId = 'route-changes' }: { changes: readonly RouteChange[]; limit?: number; testId?: string }) {
  const newest = changes.slice().reverse().slice(0, limit ?? changes.length);
  if (newest.length === 0) return <Text c="dimmed">{t('routeChanges.empty')}</Text>;
  return (
    <List size="sm" spacing={4} data-testid={testId}>
      {newest.map((c, i) => (
        <List.Item key={`${c.at}-${i}`}>{t('routeChanges.line', { when: formatDate(c.at, 'd MMM, HH:mm'), who: c.by_name, what: changeText(c) })}</List.Item>
      ))}
    </List>
  );
}
