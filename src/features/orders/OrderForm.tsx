/**
 * The order form: client, delivery point (searchable among every point), date and time window,
 * payment, lines (product searchable; price and tax copied from the product and editable) and
 * the live totals computed with the domain's rule (orderTotals, per tax rate).
 */
import { memo, useCallback, useMemo, type ReactNode } from 'react';
import { ActionIcon, Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { z } from 'zod';
import { formatMoney, t } from '../../i18n';
import { useAllDeliveryPoints } from '../../data/pointsStore';
import { useCatalog } from '../../data/reference';
import { useLiveQuery } from '../../data/hooks';
import { allDocs } from '../../data/queries';
import { lineFromProduct, liveTotals, nextLineId } from '../../domain/orderForm';
import { orderSchema, PAYMENT_METHODS, type DeliveryPoint, type Order, type OrderLine, type Product } from '../../domain/entities/operation';
import type { Tax } from '../../domain/entities/reference';
import { zodValidate } from '../../ui/form/validate';
import { MoneyInput } from '../../ui/form/MoneyInput';
import { useAction } from '../../ui/action/useAction';
import { messageOf } from '../../ui/errors';
import { formatRate, formSchema, hubLabel, type Option } from '../../ui/crud/options';
import { hubRefusal, useWritableHubs } from '../../ui/hubScope';
import { mayWriteHub } from '../../domain/access/hubScope';
import { FormError } from '../../ui/form/FormError';
import '../../i18n/es/delivery';
import '../../i18n/es/orders';

/** The form checks everything the stored order needs except what is set when saving. */
const orderFormSchema = formSchema(
  orderSchema,
  {
    code: z.string(),
    client_id: z.string().min(1, { error: () => t('orders.chooseClient') }),
    delivery_point_id: z.string().min(1, { error: () => t('orders.choosePoint') }),
  },
  (v) => ({ ...v, code: 'P-form', client_id: v.client_id || 'none', delivery_point_id: v.delivery_point_id || 'none' }),
);

export interface OrderFormProps {
  readonly initial: Order;
  /** Statuses offered (the current one first); empty = no status field (new orders). */
  readonly statusOptions: readonly Option[];
  readonly onSubmit: (values: Order) => Promise<void>;
  readonly actions?: ReactNode;
}

const PointSelect = memo(function PointSelect(props: { value: string; error: ReactNode; onChange: (id: string | null) => void; options: readonly Option[] }) {
  return (
    <Select
      label={t('orders.point')}
      placeholder={t('orders.pointPlaceholder')}
      data={props.options as Option[]}
      value={props.value || null}
      onChange={props.onChange}
      error={props.error}
      searchable
      limit={50}
      nothingFoundMessage={t('orders.nothingFound')}
      data-testid="order-point"
    />
  );
});

function TotalsCard({ lines }: { lines: readonly OrderLine[] }) {
  const totals = liveTotals(lines);
  return (
    <Card withBorder data-testid="order-totals">
      <Title order={2} size="h4" mb="xs">
        {t('orders.totals')}
      </Title>
      <Table>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>{t('orders.net')}</Table.Td>
            <Table.Td ta="right" data-testid="totals-net">
              {formatMoney(totals.net_cents)}
            </Table.Td>
          </Table.Tr>
          {totals.taxes.map((x) => (
            <Table.Tr key={x.rate_bp}>
              <Table.Td>{t('orders.taxLine', { rate: formatRate(x.rate_bp), base: formatMoney(x.base_cents) })}</Table.Td>
              <Table.Td ta="right" data-testid={`totals-tax-${x.rate_bp}`}>
                {formatMoney(x.tax_cents)}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td fw={700}>{t('orders.gross')}</Table.Td>
            <Table.Td ta="right" fw={700} data-testid="totals-gross">
              {formatMoney(totals.gross_cents)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Card>
  );
}

export function OrderForm(props: OrderFormProps) {
  const { data: clients } = useCatalog('client');
  const { data: taxes } = useCatalog('tax');
  const { data: hubs } = useCatalog('hub');
  const { data: products } = useLiveQuery<Product[]>((db) => allDocs(db, 'products'), [], []);
  const { data: points } = useAllDeliveryPoints();
  // A refused order: its messages next to their fields and all of them on top.
  const save = useAction(props.onSubmit, {
    describe: (err) => {
      const fieldErrors = (err as { errors?: { path: string; message: string }[] }).errors;
      if (!Array.isArray(fieldErrors)) return messageOf(err);
      form.setErrors(Object.fromEntries(fieldErrors.filter((e) => e.path).map((e) => [e.path, e.message])));
      return fieldErrors.map((e) => e.message).join('; ');
    },
  });
  const form = useForm<Order>({ mode: 'controlled', initialValues: props.initial, validate: zodValidate(orderFormSchema) as never });
  const values = form.getValues();

  // An operator places orders only at his hub's points (issue 29, finding 6); the current point stays listed.
  const writable = useWritableHubs();
  const pointOptions = useMemo(
    () =>
      points
        .filter((p) => mayWriteHub(writable, p.hub) || p.id === props.initial.delivery_point_id)
        .map((p) => ({ value: p.id, label: `${p.name} · ${p.address}, ${p.city}` })),
    [points, writable, props.initial.delivery_point_id],
  );
  const pointById = useMemo(() => new Map<string, DeliveryPoint>(points.map((p) => [p.id, p])), [points]);
  const productOptions = useMemo(
    () => products.filter((p) => p.active || values.lines.some((l) => l.product_id === p.id)).map((p) => ({ value: p.id, label: `${p.name} · ${p.sku}` })),
    [products, values.lines],
  );
  const taxOptions = useMemo(() => taxes.map((x) => ({ value: x.id, label: `${x.name} (${formatRate(x.rate_bp)})` })), [taxes]);
  const clientOptions = clients.filter((c) => c.active || c.id === values.client_id).map((c) => ({ value: c.id, label: c.name }));
  const paymentOptions = PAYMENT_METHODS.map((m) => ({ value: m, label: t(`delivery.method_${m}`) }));

  const setPoint = useCallback(
    (id: string | null) => {
      form.setFieldValue('delivery_point_id', id ?? '');
      const point = id ? pointById.get(id) : undefined;
      if (point) form.setFieldValue('hub', point.hub);
    },
    // `form` is stable across renders (Mantine keeps one instance).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pointById],
  );

  const setProduct = (i: number, id: string | null) => {
    const product = products.find((p) => p.id === id);
    const line = values.lines[i];
    if (!product || !line) return;
    form.setFieldValue(`lines.${i}`, { ...lineFromProduct(product, taxes, line.line_id, line.quantity), picked_quantity: line.picked_quantity } as never);
  };
  const setTax = (i: number, id: string | null) => {
    const tax: Tax | undefined = taxes.find((x) => x.id === id);
    if (!tax) return;
    form.setFieldValue(`lines.${i}.tax_id`, tax.id as never);
    form.setFieldValue(`lines.${i}.tax_rate_bp`, tax.rate_bp as never);
  };
  const addLine = () =>
    form.insertListItem('lines', {
      line_id: nextLineId(values.lines),
      product_id: '',
      name: '',
      quantity: 1,
      unit_price_cents: 0,
      tax_id: '',
      tax_rate_bp: 0,
      picked_quantity: 0,
    } satisfies OrderLine);

  const submit = form.onSubmit(
    (v) => void save.run(v),
    () => save.fail(t('crud.fixErrors')),
  );

  const point = pointById.get(values.delivery_point_id);
  const linesError = form.errors.lines;
  // A stored order of another hub, or a point of another hub: the server would refuse the save.
  const refusal = (props.initial.id !== '' ? hubRefusal(writable, props.initial.hub) : null) ?? (point ? hubRefusal(writable, point.hub) : null);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormError error={save.error} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('orders.client')}
            data={clientOptions}
            searchable
            allowDeselect={false}
            {...form.getInputProps('client_id')}
            onChange={(id) => {
              form.setFieldValue('client_id', id ?? '');
              const client = clients.find((c) => c.id === id);
              if (client && props.initial.id === '') form.setFieldValue('payment_method', client.payment_terms);
            }}
          />
          <PointSelect value={values.delivery_point_id} error={form.errors.delivery_point_id} onChange={setPoint} options={pointOptions} />
          <TextInput label={t('orders.date')} type="date" {...form.getInputProps('date')} />
          <Text size="sm" mt="lg" data-testid="order-hub">
            {t('backoffice.hub')}: {point ? hubLabel(hubs, point.hub) : values.delivery_point_id ? hubLabel(hubs, values.hub) : '—'}
          </Text>
          <TextInput label={t('orders.windowStart')} type="time" {...form.getInputProps('window_start')} />
          <TextInput label={t('orders.windowEnd')} type="time" {...form.getInputProps('window_end')} />
          <Select label={t('orders.payment')} data={paymentOptions} allowDeselect={false} {...form.getInputProps('payment_method')} />
          {props.statusOptions.length > 0 ? (
            <Select label={t('orders.status')} data={props.statusOptions as Option[]} allowDeselect={false} {...form.getInputProps('status')} />
          ) : (
            <div />
          )}
          <TextInput label={t('orders.externalRef')} {...form.getInputProps('external_ref')} />
          <Textarea label={t('orders.notes')} autosize minRows={1} {...form.getInputProps('notes')} />
        </SimpleGrid>

        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            {t('orders.lines')}
          </Title>
          <Table data-testid="order-lines" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th style={{ minWidth: 260 }}>{t('orders.product')}</Table.Th>
                <Table.Th style={{ width: 110 }}>{t('orders.quantity')}</Table.Th>
                <Table.Th style={{ width: 140 }}>{t('orders.unitPrice')}</Table.Th>
                <Table.Th style={{ width: 200 }}>{t('orders.tax')}</Table.Th>
                <Table.Th style={{ width: 120 }} ta="right">
                  {t('orders.lineNet')}
                </Table.Th>
                <Table.Th style={{ width: 50 }} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {values.lines.map((line, i) => {
                const n = i + 1;
                const net = Number.isSafeInteger(line.quantity) && Number.isSafeInteger(line.unit_price_cents) ? line.quantity * line.unit_price_cents : null;
                return (
                  <Table.Tr key={line.line_id} data-testid="order-line">
                    <Table.Td>
                      <Select
                        aria-label={t('orders.productOfLine', { n })}
                        placeholder={t('orders.productPlaceholder')}
                        data={productOptions}
                        value={line.product_id || null}
                        onChange={(id) => setProduct(i, id)}
                        error={form.errors[`lines.${i}.product_id`] ?? form.errors[`lines.${i}.name`]}
                        searchable
                        limit={50}
                        nothingFoundMessage={t('orders.nothingFound')}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput aria-label={t('orders.quantityOfLine', { n })} min={1} allowDecimal={false} {...form.getInputProps(`lines.${i}.quantity`)} />
                    </Table.Td>
                    <Table.Td>
                      <MoneyInput
                        aria-label={t('orders.priceOfLine', { n })}
                        cents={line.unit_price_cents}
                        onCentsChange={(cents) => form.setFieldValue(`lines.${i}.unit_price_cents`, cents as never)}
                        error={form.errors[`lines.${i}.unit_price_cents`]}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={t('orders.taxOfLine', { n })}
                        data={taxOptions}
                        value={line.tax_id || null}
                        onChange={(id) => setTax(i, id)}
                        error={form.errors[`lines.${i}.tax_id`] ?? form.errors[`lines.${i}.tax_rate_bp`]}
                        allowDeselect={false}
                      />
                    </Table.Td>
                    <Table.Td ta="right" data-testid="line-net">
                      {net === null ? '—' : formatMoney(net)}
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon variant="subtle" color="red" aria-label={t('orders.removeLine', { n })} onClick={() => form.removeListItem('lines', i)}>
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          {linesError && (
            <Text c="red" size="sm" mt="xs" data-testid="lines-error">
              {linesError}
            </Text>
          )}
          <Group mt="sm">
            <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={addLine}>
              {t('orders.addLine')}
            </Button>
          </Group>
        </Card>

        <TotalsCard lines={values.lines} />

        <Group>
          <Button type="submit" loading={save.busy} disabled={refusal !== null} aria-describedby={refusal ? 'order-hub-refusal' : undefined}>
            {t('common.save')}
          </Button>
          {props.actions}
        </Group>
        {refusal && (
          <Text size="sm" c="orange.9" id="order-hub-refusal" data-testid="order-hub-refusal">
            {refusal}
          </Text>
        )}
      </Stack>
    </form>
  );
}
