/**
 * Field builders shared by every entity schema. Bounds are explicit so the same zod schema
 * yields a JSON schema RxDB can index (strings need maxLength; numbers need min, max and
 * multipleOf) and Spanish validation messages.
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

export const MAX_EPOCH_MS = 8_640_000_000_000; // year 275760: the largest valid Date
export const MAX_CENTS = 100_000_000_00; // 100 million euros

export const idField = () =>
  z
    .string({ error: 'Debe ser un texto' })
    .min(1, { error: 'No puede estar vacío' })
    .max(64, { error: 'Como máximo 64 caracteres' })
    .regex(/^[A-Za-z0-9_.:-]+$/, { error: 'Solo letras, números y los signos - _ . :' });

/** A reference to another document, or `''` when there is none (indexable). */
export const optionalRef = () =>
  z
    .string({ error: 'Debe ser un texto' })
    .max(64, { error: 'Como máximo 64 caracteres' })
    .regex(/^[A-Za-z0-9_.:-]*$/, { error: 'Solo letras, números y los signos - _ . :' });

export const epochMs = () =>
  z
    .int({ error: 'Debe ser una fecha válida (milisegundos)' })
    .min(0, { error: 'Debe ser una fecha válida (milisegundos)' })
    .max(MAX_EPOCH_MS, { error: 'Debe ser una fecha válida (milisegundos)' });

export const name = (max = 120) =>
  z
    .string({ error: 'Debe ser un texto' })
    .trim()
    .min(1, { error: 'Es obligatorio' })
    .max(max, { error: `Como máximo ${max} caracteres` });

export const text = (max = 1000) => z.string({ error: 'Debe ser un texto' }).max(max, { error: `Como máximo ${max} caracteres` });

/** `YYYY-MM-DD`, a real calendar day. */
export const isoDate = () =>
  z
    .string({ error: 'Debe ser una fecha' })
    .max(10)
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Fecha con formato AAAA-MM-DD' })
    .refine((s) => {
      const [y, m, d] = s.split('-').map(Number) as [number, number, number];
      const dt = new Date(Date.UTC(y, m - 1, d));
      return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
    }, { error: 'No es una fecha del calendario' });

/** `HH:mm`, 00:00–23:59. */
export const timeOfDay = () =>
  z
    .string({ error: 'Debe ser una hora' })
    .max(5)
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Hora con formato HH:MM (00:00 a 23:59)' });

export const cents = () =>
  z
    .int({ error: 'Importe en céntimos enteros' })
    .min(0, { error: 'El importe no puede ser negativo' })
    .max(MAX_CENTS, { error: 'Importe demasiado alto' });

export const quantity = (min = 0) =>
  z
    .int({ error: 'Cantidad entera' })
    .min(min, { error: min > 0 ? `La cantidad mínima es ${min}` : 'La cantidad no puede ser negativa' })
    .max(100_000, { error: 'Cantidad demasiado alta' });

/** Tax rate in basis points: 2100 = 21 %. */
export const basisPoints = () =>
  z
    .int({ error: 'Porcentaje en centésimas enteras' })
    .min(0, { error: 'El porcentaje no puede ser negativo' })
    .max(10_000, { error: 'El porcentaje no puede superar el 100 %' });

/** Hub number (the specification's delivery point `hub` is a number). */
export const hubNumber = () =>
  z
    .int({ error: 'El hub debe ser un número entero' })
    .min(0, { error: 'El hub debe ser un número positivo' })
    .max(9999, { error: 'El hub debe ser un número de hasta 4 cifras' });

export const latitude = () =>
  z
    .number({ error: 'La latitud debe ser un número' })
    .min(-90, { error: 'La latitud debe estar entre -90 y 90' })
    .max(90, { error: 'La latitud debe estar entre -90 y 90' });

export const longitude = () =>
  z
    .number({ error: 'La longitud debe ser un número' })
    .min(-180, { error: 'La longitud debe estar entre -180 y 180' })
    .max(180, { error: 'La longitud debe estar entre -180 y 180' });

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
    .string({ error: 'Debe ser un texto' })
    .trim()
    .toLowerCase()
    .max(254, { error: 'Como máximo 254 caracteres' })
    .email({ error: 'Correo electrónico no válido' });

export const phone = () =>
  z
    .string({ error: 'Debe ser un texto' })
    .trim()
    .max(20, { error: 'Como máximo 20 caracteres' })
    .regex(/^$|^\+?[0-9 ]{6,19}$/, { error: 'Teléfono no válido (solo números, espacios y +)' });

/** A file stored through the upload queue: `path` under /api/files. */
export const filePath = () =>
  z
    .string()
    .max(300)
    .regex(/^[A-Za-z0-9_.:/-]+$/, { error: 'Ruta de fichero no válida' });

export const hexColor = () =>
  z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'Color con formato #RRGGBB' });
