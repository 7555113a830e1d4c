import type { z } from 'zod';
import { validateDoc } from '../../domain/validation';

/**
 * A Mantine form `validate` function from a zod schema: Spanish messages at each field's path
 * (`lines.0.quantity`), so every form shows what is wrong next to the field.
 */
export function zodValidate<S extends z.ZodType>(schema: S) {
  return (values: unknown): Record<string, string> => {
    const result = validateDoc(schema, values);
    if (result.ok) return {};
    const errors: Record<string, string> = {};
    for (const e of result.errors) if (!(e.path in errors)) errors[e.path] = e.message;
    return errors;
  };
}
