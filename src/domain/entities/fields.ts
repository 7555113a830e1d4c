/**
 * Field builders shared by every entity schema. Bounds are explicit so the same zod schema
 * yields a JSON schema RxDB can index (strings need maxLength; numbers need min, max and
 * multipleOf) and validation messages for people: keys of the catalogue (`domain.fields.*`,
 * `domain.validation.*`), worded when a value is parsed (`saying`, ../messages.ts) so that they
 * follow the interface's language; the builders themselves hold no words.
 *
 * Conventions (the specification does not show them):
 * - ids: strings of 1–64 characters (letters, digits, «-», «_», «.», «:»). Event ids are made on
 *   the device (UUID v4) so offline inserts never collide.
 * - times: epoch milliseconds (integers), as the specification's `updated_at`.
 * - dates of the operation: `YYYY-MM-DD` (Europe/Madrid calendar day); times of day `HH:mm`.
 * - money: integer euro cents; tax rates: integer basis points (2100 = 21 %).
 * - quantities: integer units; weights in grams; volumes in millilitres; distances in metres.
 * - a reference that may be empty but must be indexed uses `''` for «none» (RxDB indexes
 *   cannot hold null).
 */
import { z } from 'zod';
import { saying } from '../messages';

export const MAX_EPOCH_MS = 8_640_000_000_000; // year 275760: the largest valid Date
export const MAX_CENTS = 100_000_000_00; // 100 million euros

// The messages several builders share (made once; worded when an issue is raised).
const MUST_BE_TEXT = saying('domain.fields.text');
const NOT_EMPTY = saying('domain.validation.empty');
const ID_CHARS = saying('domain.fields.idChars');
const EPOCH_MS = saying('domain.fields.epochMs');
const maxChars = (max: number) => saying('domain.validation.maxChars', { n: max });
const MAX_64 = maxChars(64);
const LATITUDE_RANGE = saying('domain.fields.latRange');
const LONGITUDE_RANGE = saying('domain.fields.lngRange');

export const idField = () =>
  z
    .string({ error: MUST_BE_TEXT })
    .min(1, { error: NOT_EMPTY })
    .max(64, { error: MAX_64 })
    .regex(/^[A-Za-z0-9_.:-]+$/, { error: ID_CHARS });

/** A reference to another document, or `''` when there is none (indexable). */
export const optionalRef = () =>
  z
    .string({ error: MUST_BE_TEXT })
    .max(64, { error: MAX_64 })
    .regex(/^[A-Za-z0-9_.:-]*$/, { error: ID_CHARS });

export const epochMs = () =>
  z
    .int({ error: EPOCH_MS })
    .min(0, { error: EPOCH_MS })
    .max(MAX_EPOCH_MS, { error: EPOCH_MS });

export const name = (max = 120) =>
  z
    .string({ error: MUST_BE_TEXT })
    .trim()
    .min(1, { error: saying('domain.validation.required') })
    .max(max, { error: maxChars(max) });

export const text = (max = 1000) => z.string({ error: MUST_BE_TEXT }).max(max, { error: maxChars(max) });

/** `YYYY-MM-DD`, a real calendar day. */
export const isoDate = () =>
  z
    .string({ error: saying('domain.fields.date') })
    .max(10)
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: saying('domain.fields.dateFormat') })
    .refine((s) => {
      const [y, m, d] = s.split('-').map(Number) as [number, number, number];
      const dt = new Date(Date.UTC(y, m - 1, d));
      return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
    }, { error: saying('domain.fields.calendarDate') });

/** `HH:mm`, 00:00–23:59. */
export const timeOfDay = () =>
  z
    .string({ error: saying('domain.fields.time') })
    .max(5)
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: saying('domain.fields.timeFormat') });

export const cents = () =>
  z
    .int({ error: saying('domain.fields.centsWhole') })
    .min(0, { error: saying('domain.fields.centsNegative') })
    .max(MAX_CENTS, { error: saying('domain.fields.centsTooHigh') });

export const quantity = (min = 0) =>
  z
    .int({ error: saying('domain.fields.quantityWhole') })
    .min(min, { error: min > 0 ? saying('domain.fields.quantityMin', { min }) : saying('domain.fields.quantityNegative') })
    .max(100_000, { error: saying('domain.fields.quantityTooHigh') });

/** Tax rate in basis points: 2100 = 21 %. */
export const basisPoints = () =>
  z
    .int({ error: saying('domain.fields.rateWhole') })
    .min(0, { error: saying('domain.fields.rateNegative') })
    .max(10_000, { error: saying('domain.fields.rateOver') });

/** Hub number (the specification's delivery point `hub` is a number). */
export const hubNumber = () =>
  z
    .int({ error: saying('domain.fields.hubWhole') })
    .min(0, { error: saying('domain.fields.hubPositive') })
    .max(9999, { error: saying('domain.fields.hubDigits') });

export const latitude = () =>
  z
    .number({ error: saying('domain.fields.latNumber') })
    .min(-90, { error: LATITUDE_RANGE })
    .max(90, { error: LATITUDE_RANGE });

export const longitude = () =>
  z
    .number({ error: saying('domain.fields.lngNumber') })
    .min(-180, { error: LONGITUDE_RANGE })
    .max(180, { error: LONGITUDE_RANGE });

export const position = () =>
  z.object({
    lat: latitude(),
    lng: longitude(),
    /** Accuracy radius in metres, as the device reports it. */
    accuracy_m: z.number().min(0).max(100_000).optional(),
  });
export type Position = z.infer<ReturnType<typeof position>>;

export const email = () =>
  z
    .string({ error: MUST_BE_TEXT })
    .trim()
    .toLowerCase()
    .max(254, { error: maxChars(254) })
    .email({ error: saying('domain.validation.email') });

export const phone = () =>
  z
    .string({ error: MUST_BE_TEXT })
    .trim()
    .max(20, { error: maxChars(20) })
    .regex(/^$|^\+?[0-9 ]{6,19}$/, { error: saying('domain.fields.phone') });

/** A file stored through the upload queue: `path` under /api/files. */
export const filePath = () =>
  z
    .string()
    .max(300)
    .regex(/^[A-Za-z0-9_.:/-]+$/, { error: saying('domain.fields.filePath') });

export const hexColor = () =>
  z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: saying('domain.fields.color') });
