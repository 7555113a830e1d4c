/**
 * The generic form of the CRUD kit: fields described once per entity, validated with the
 * entity's zod schema (Spanish message next to each field), money typed in euros and stored in
 * cents, rates typed in % and stored in basis points. Nothing is saved while anything is wrong.
 */
import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  ColorInput,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { z } from 'zod';
import { t } from '../../i18n';
import { zodValidate } from '../form/validate';
import { numberFromInput } from '../form/number';
import { MoneyInput } from '../form/MoneyInput';

export type FieldKind =
  | 'text'
  | 'email'
  | 'tel'
  | 'textarea'
  | 'integer'
  | 'number'
  | 'money'
  | 'percent'
  | 'select'
  | 'multiselect'
  | 'checkbox'
  | 'time'
  | 'date'
  | 'tags'
  | 'color';

/**
 * One field of a form. `T` is the form's values: the CRUD kit's configurations give theirs
 * (`EntityConfig`), so a field name that is not one of them fails to compile; hand-written
 * forms may leave it loose (any name).
 */
export interface FieldDef<T = Record<string, unknown>> extends FieldBase {
  readonly name: Extract<keyof T, string>;
}

/** A field as the form reads it (the form does not check names against its values). */
interface FormField extends FieldBase {
  readonly name: string;
}

interface FieldBase {
  readonly label: string;
  readonly kind: FieldKind;
  readonly options?: readonly { value: string; label: string }[];
  readonly description?: string;
  readonly readOnly?: boolean;
  readonly min?: number;
  readonly max?: number;
  /** Takes the whole row of the grid. */
  readonly wide?: boolean;
  readonly placeholder?: string;
  /** Selects: at most this many options shown while searching (long lists). */
  readonly limit?: number;
  /** Selects: the value may be emptied. */
  readonly clearable?: boolean;
}

/** What custom parts of a form (a map picker, a preview) may read and change. */
export interface FormApi<T> {
  readonly values: T;
  readonly errors: Readonly<Record<string, ReactNode>>;
  setValues(patch: Partial<T>): void;
}

/** A further submit button: validates like «Guardar», then runs its own handler. */
export interface SubmitAction<T> {
  readonly label: string;
  readonly onSubmit: (values: T) => Promise<void>;
  readonly color?: string;
  readonly variant?: 'filled' | 'light' | 'outline' | 'default';
}

export interface EntityFormProps<T extends Record<string, unknown>> {
  readonly schema: z.ZodType;
  /** The fields, or a function of the current values (options that depend on another field). */
  readonly fields: readonly FormField[] | ((values: T) => readonly FormField[]);
  readonly initialValues: T;
  readonly onSubmit: (values: T) => Promise<void>;
  readonly submitLabel?: string;
  readonly children?: ReactNode;
  readonly extraActions?: ReactNode;
  /** Errors from outside the form (for example the writer refusing a duplicate id). */
  readonly externalError?: string | null;
  /** Custom content after the fields, with access to the values (a map picker, totals…). */
  readonly extra?: (api: FormApi<T>) => ReactNode;
  /** Called on every change; may return fields to change as a consequence. */
  readonly onValuesChange?: (values: T, previous: T) => Partial<T> | null | undefined;
  /** Further submit buttons (e.g. «Publicar»), validated like the main one. */
  readonly actions?: readonly SubmitAction<T>[];
}

export function EntityForm<T extends Record<string, unknown>>(props: EntityFormProps<T>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<T>({
    mode: 'controlled',
    initialValues: props.initialValues,
    validate: zodValidate(props.schema) as never,
    onValuesChange: (values, previous) => {
      const patch = props.onValuesChange?.(values, previous);
      if (patch && Object.keys(patch).length > 0) form.setValues(patch);
    },
  });

  const values = form.getValues();
  const fields = typeof props.fields === 'function' ? props.fields(values) : props.fields;
  const fieldNames = new Set(fields.map((f) => f.name));
  const onInvalid = (errors: Record<string, unknown>) => {
    // Errors of fields the form does not show would otherwise be invisible: list them on top.
    const hidden = Object.entries(errors).filter(([path]) => !fieldNames.has(path.split('.')[0] ?? path));
    setError(hidden.length > 0 ? hidden.map(([path, m]) => `${path}: ${String(m)}`).join('; ') : t('crud.fixErrors'));
  };

  const handle = (run: (values: T) => Promise<void>) => async (values: T) => {
    setBusy(true);
    setError(null);
    try {
      await run(values);
    } catch (err) {
      const fieldErrors = (err as { errors?: { path: string; message: string }[] }).errors;
      if (Array.isArray(fieldErrors)) {
        const map: Record<string, string> = {};
        for (const e of fieldErrors) if (e.path) map[e.path] = e.message;
        form.setErrors(map);
        const general = fieldErrors.filter((e) => !e.path).map((e) => e.message);
        setError(general.length > 0 ? general.join('; ') : t('crud.fixErrors'));
      } else setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const submit = form.onSubmit(handle(props.onSubmit), onInvalid);

  const input = (f: FormField) => {
    const common = { label: f.label, description: f.description, readOnly: f.readOnly, disabled: f.readOnly, key: f.name, placeholder: f.placeholder };
    const props = form.getInputProps(f.name);
    switch (f.kind) {
      case 'textarea':
        return <Textarea {...common} {...props} autosize minRows={2} />;
      case 'integer':
      case 'number':
        return (
          <NumberInput
            {...common}
            {...props}
            onChange={(v) => form.setFieldValue(f.name, (v === '' ? v : numberFromInput(v)) as never)}
            min={f.min}
            max={f.max}
            allowDecimal={f.kind === 'number'}
            decimalSeparator=","
            thousandSeparator="."
          />
        );
      case 'money': {
        const cents = form.getValues()[f.name];
        return (
          <MoneyInput {...common} error={props.error} cents={cents} onCentsChange={(c) => form.setFieldValue(f.name, c as never)} />
        );
      }
      case 'percent': {
        const bp = form.getValues()[f.name];
        return (
          <NumberInput
            {...common}
            error={props.error}
            value={typeof bp === 'number' && Number.isFinite(bp) ? bp / 100 : ''}
            onChange={(v) => form.setFieldValue(f.name, Math.round(numberFromInput(v) * 100) as never)}
            decimalScale={2}
            decimalSeparator=","
            suffix=" %"
            min={0}
            max={100}
          />
        );
      }
      case 'select':
        return <Select {...common} {...props} data={[...(f.options ?? [])]} searchable allowDeselect={false} limit={f.limit} clearable={f.clearable} />;
      case 'multiselect':
        return <MultiSelect {...common} {...props} data={[...(f.options ?? [])]} searchable />;
      case 'checkbox':
        return <Checkbox {...common} {...form.getInputProps(f.name, { type: 'checkbox' })} mt="md" />;
      case 'tags':
        return <TagsInput {...common} {...props} />;
      case 'color':
        return <ColorInput {...common} {...props} format="hex" />;
      case 'time':
        return <TextInput {...common} {...props} type="time" />;
      case 'date':
        return <TextInput {...common} {...props} type="date" />;
      default:
        return <TextInput {...common} {...props} type={f.kind === 'email' ? 'email' : f.kind === 'tel' ? 'tel' : 'text'} />;
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {(error || props.externalError) && (
          <Alert color="red" role="alert" data-testid="form-error">
            {error ?? props.externalError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {fields.map((f) => (
            <div key={f.name} style={f.wide ? { gridColumn: '1 / -1' } : undefined}>
              {input(f)}
            </div>
          ))}
        </SimpleGrid>
        {props.extra?.({ values, errors: form.errors, setValues: (patch) => form.setValues(patch) })}
        {props.children}
        <Group>
          <Button type="submit" loading={busy}>
            {props.submitLabel ?? t('common.save')}
          </Button>
          {props.actions?.map((a) => (
            <Button key={a.label} type="button" color={a.color} variant={a.variant ?? 'filled'} loading={busy} onClick={() => form.onSubmit(handle(a.onSubmit), onInvalid)()}>
              {a.label}
            </Button>
          ))}
          {props.extraActions}
        </Group>
      </Stack>
    </form>
  );
}
