/**
 * The one money field (issue 16): typed in euros with Spanish separators («1.234,50 €»), held in
 * integer cents. Used by the order form's lines and the entity forms' `money` fields.
 */
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { numberFromInput } from './number';

/** Cents from what the field holds (euros as a number or text); NaN when it is not a number. */
export function centsFromInput(value: number | string): number {
  return Math.round(numberFromInput(value) * 100);
}

export type MoneyInputProps = Omit<NumberInputProps, 'value' | 'onChange' | 'decimalScale' | 'fixedDecimalScale' | 'decimalSeparator' | 'thousandSeparator' | 'suffix' | 'min'> & {
  /** The amount in cents (anything else shows an empty field). */
  readonly cents: unknown;
  readonly onCentsChange: (cents: number) => void;
};

export function MoneyInput({ cents, onCentsChange, ...rest }: MoneyInputProps) {
  return (
    <NumberInput
      {...rest}
      value={typeof cents === 'number' && Number.isFinite(cents) ? cents / 100 : ''}
      onChange={(v) => onCentsChange(centsFromInput(v))}
      decimalScale={2}
      fixedDecimalScale
      decimalSeparator=","
      thousandSeparator="."
      suffix=" €"
      min={0}
    />
  );
}
