/**
 * The Spanish sentences of a sync notice (src/data/syncNotices.ts): what the server did with a
 * change of this device — a status it set instead, other values it kept, or a refusal.
 */
import { t, type MessageKey } from '../../i18n';
import { collectionLabel } from '../../domain/collections';
import { domainText } from '../../i18n/domain';
import { statusFieldsOf } from '../../domain/status/fields';
import type { SyncNotice } from '../../data/syncNotices';
import { statusText } from '../../i18n/status';

function ofDocument(n: SyncNotice): string {
  const vars = { label: n.label };
  switch (n.collection) {
    case 'routes':
    case 'orders':
    case 'payments':
    case 'users':
      return t(`syncNotice.of_${n.collection}`, vars);
    default:
      return t('syncNotice.of_other', { ...vars, what: domainText(collectionLabel(n.collection)) });
  }
}

function fieldName(field: string): string {
  const key = `syncNotice.field_${field}` as MessageKey;
  const text = t(key);
  return text === key ? `«${field}»` : text;
}

/** One sentence per thing the server did not keep, most important first. */
export function noticeSentences(n: SyncNotice): string[] {
  const of = ofDocument(n);
  if (n.refused !== null) return [t('syncNotice.refused', { of, reason: n.refused })];
  const out: string[] = [];
  const rules = statusFieldsOf(n.collection);
  const statusChanged = new Set<string>();
  for (const rule of rules) {
    const f = n.fields.find((x) => x.field === rule.field);
    if (!f) continue;
    const label = (s: unknown) => (typeof s === 'string' ? statusText(rule.machine, s) : String(s));
    out.push(t('syncNotice.status', { of, status: label(f.server), mine: label(f.mine) }));
    statusChanged.add(rule.field);
    if (rule.label) statusChanged.add(rule.label);
  }
  // The admin label of a status that changed is part of that change; other fields in one line.
  const others = n.fields.filter((f) => !statusChanged.has(f.field));
  if (others.length > 0) out.push(t('syncNotice.fields', { of, fields: others.map((f) => fieldName(f.field)).join(', ') }));
  return out;
}
