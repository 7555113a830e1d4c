/**
 * The notices' texts in the receiver's language, from the message catalogue's `notices.templates`
 * (src/i18n/{es,en}/notices.ts): the server renders each notice in its own language without
 * touching the interface's current language.
 */
import { fillMessage } from '../../src/i18n';
import { notifyMessages as es } from '../../src/i18n/es/notify';
import { notifyMessages as en } from '../../src/i18n/en/notify';

export const NOTICE_KINDS = ['published', 'on_the_way', 'delivered', 'failed'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export type NoticeChannel = 'email' | 'sms';
export type NoticeLang = 'es' | 'en';

const TEMPLATES = { es: es.notices.templates, en: en.notices.templates } as const;

/**
 * `{name}` placeholders and plural blocks filled from `vars` (the catalogue's own filling; a
 * missing variable is left empty). Spanish and English choose the same plural form of a whole
 * number, so the interface's current language does not change a notice.
 */
export function fill(template: string, vars: Readonly<Record<string, string | number>>): string {
  const names = template.match(/\{(\w+)/g)?.map((m) => m.slice(1)) ?? [];
  return fillMessage(template, { ...Object.fromEntries(names.map((n) => [n, ''])), ...vars });
}

const madridDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);

/** «hoy», «mañana» or «el 28/11/2026» for the order's day seen from `nowMs` (Madrid). */
export function dayWord(lang: NoticeLang, date: string, nowMs: number): string {
  const tpl = TEMPLATES[lang];
  const today = madridDay(nowMs);
  const tomorrow = madridDay(Date.parse(`${today}T12:00:00Z`) + 24 * 3_600_000);
  if (date === today) return tpl.today;
  if (date === tomorrow) return tpl.tomorrow;
  const [y, m, d] = date.split('-');
  return fill(tpl.onDay, { date: `${d}/${m}/${y}` });
}

/** `HH:mm` of an instant in Madrid. */
export function madridClock(ms: number): string {
  return new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit', hour12: false }).format(ms);
}

export interface RenderedNotice {
  readonly subject: string;
  readonly text: string;
}

/**
 * The notice of `kind` for one channel: an e-mail has a subject and a body (with the tracking
 * link and the opt-out line), an SMS one short text (with the link).
 */
export function renderNotice(kind: NoticeKind, channel: NoticeChannel, lang: NoticeLang, vars: Readonly<Record<string, string | number>>): RenderedNotice {
  const tpl = TEMPLATES[lang];
  const own = tpl[kind];
  const all = { ...vars, next: tpl.nextSteps, reason: vars.reason === undefined || vars.reason === '' ? tpl.noReason : vars.reason };
  const link = typeof vars.link === 'string' && vars.link !== '' ? fill(tpl.follow, { link: vars.link }) : '';
  if (channel === 'sms') return { subject: '', text: [fill(own.sms, all), link].filter(Boolean).join(' ') };
  return { subject: fill(own.subject, all), text: [fill(own.text, all), link, tpl.optOut].filter(Boolean).join('\n\n') };
}
