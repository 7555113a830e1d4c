/**
 * The Spanish sentences of a sync notice (src/data/syncNotices.ts): what the server did with a
 * change of this device — a status it set instead, other values it kept, or a refusal.
 */
import { hasMessage, t } from '../../i18n';
import { collectionLabel } from '../../domain/collectionLabel';
import { domainText } from '../../i18n/domain';
import { statusFieldsOf } from '../../domain/status/fields';
import type { SyncNotice } from '../../data/syncNotices';
import { statusText } from '../../i18n/status';

/** An internal id as a label (notices kept from before issue 28 named some documents by it). */
const INTERNAL_ID = /^[a-z]{1,8}-[\w-]*\d[\w-]*$/i;

function ofDocument(n: SyncNotice): string {
  // A document with no code or name is named by its kind alone, never by its internal id.
  const named = n.label !== '' && !(n.label === n.id && INTERNAL_ID.test(n.id));
  const vars = { label: n.label };
  switch (n.collection) {
    case 'routes':
    case 'orders':
    case 'payments':
    case 'users':
      return named ? t(`syncNotice.of_${n.collection}`, vars) : t(`syncNotice.unnamed_${n.collection}`);
    default:
      return t(named ? 'syncNotice.of_other' : 'syncNotice.unnamed_other', { ...vars, what: domainText(collectionLabel(n.collection)) });
  }
}

/** A field in plain words; null when the catalogue has no words for it (never the raw name). */
function fieldName(field: string): string | null {
  const key = `syncNotice.field_${field}`;
  return hasMessage(key) ? t(key) : null;
}

/** The fields' names in plain words; those without words become one «otros datos». */
function fieldNames(fields: readonly string[]): string {
  const named = fields.map(fieldName);
  const words = named.filter((x): x is string => x !== null);
  if (named.some((x) => x === null)) words.push(t('syncNotice.field_other'));
  return words.join(', ');
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
  if (others.length > 0) out.push(t('syncNotice.fields', { of, fields: fieldNames(others.map((f) => f.field)) }));
  return out;
}
