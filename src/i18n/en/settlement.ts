/** English texts of settling card and transfer payments from a statement (the Spanish ones are ../es/settlement.ts). Same keys, same {variables}. */
import type { settlementMessages as es } from '../es/settlement';
import type { Shape } from '../shape';

export const settlementMessages: Shape<typeof es> = {
  settlement: {
    tab: 'Settle card and transfer',
    intro:
      'Load the statement from the card payment provider or the bank: a CSV with the columns reference, amount and date. Each line is matched by the order code in its reference, and only card or transfer payments whose amount matches what was collected are settled. Nothing is saved until you press “Settle”.',
    file: 'Statement (CSV)',
    choose: 'Choose the statement file',
    reading: 'Reading the statement…',
    tooBig: 'File “{name}” is larger than {mb} MB: split the statement',
    notCsv: '“{name}” is not a CSV: export the statement as CSV (comma or semicolon separated)',
    noteEntry: 'Settled {date} · {file}, row {row} · {reference}',
    // English header names, also recognised by the statement reader (SETTLEMENT_HEADERS in src/domain/payments/settlement.ts)
    columns: { reference: 'reference', amount: 'amount', date: 'date' },
    problemsTitle: 'Lines that could not be read: {n}',
    problems: {
      missing_column: 'Column “{column}” is missing from the header (reference, amount and date are required)',
      empty: 'The statement has no lines after the header',
      too_many: 'The statement has {value} lines; the maximum is {max}: split it',
      required: 'Row {row}, column “{column}”: it is empty',
      amount_format: 'Row {row}, column “{column}”: “{value}” is not an amount (write, for example, 12.50)',
      amount_not_positive: 'Row {row}, column “{column}”: the amount must be greater than 0 (a refund does not settle a payment)',
      date_format: 'Row {row}, column “{column}”: “{value}” is not a date (write dd/mm/yyyy)',
    },
    kinds: {
      settle: 'To settle',
      already: 'Already reconciled',
      amount: 'Different amount',
      not_settleable: 'Not settled this way',
      duplicate: 'Repeated',
      unmatched: 'No order',
    },
    outcomes: {
      settle: 'Will be settled',
      already: 'Already reconciled: no change',
      amount: 'The rider collected {collected}; the statement says {amount}',
      not_settleable: '{method}, “{status}”: not settled from a statement',
      duplicate: 'The order already appears earlier in this statement',
      unmatched: 'No order with a payment has that code in the reference (or several do)',
      unmatchedOrder: 'Order {code} has no payment yet',
    },
    table: {
      label: 'Statement lines',
      row: 'Row',
      reference: 'Reference',
      order: 'Order',
      amount: 'Amount',
      date: 'Date',
      result: 'Result',
      empty: 'No line of the statement could be read',
      csv: 'statement-{file}-result',
    },
    settle: 'Settle {n, plural, one {# payment} other {# payments}}',
    settleOne: 'Settle 1 payment',
    nothing: 'No line can be settled',
    done: '{n, plural, one {# payment settled} other {# payments settled}}',
    skipped: '{n} could no longer be settled: they changed after you loaded the statement',
  },
};
