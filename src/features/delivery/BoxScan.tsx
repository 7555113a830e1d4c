import { useDocsByIds } from '../../data/hooks';
import '../../i18n/es/delivery';
/**
 * Box labels read by the rider (issue 12) with the app's scanner (camera, keyboard-wedge scanner
 * or typed): at the hub's load-out each label marks its box loaded, any other code counts a
 * product as before; at a stop a label names the order it belongs to. The boxes scanned at the
 * load-out are a check-list on the device: what is recorded is the load-out receipt
 * (docs/delivery.md, «Box labels in the rider's flow»).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { t } from '../../i18n';
import { checkLoadScan, checkStopScan, routeBoxLabels } from '../../domain/picking';
import type { Order, Route } from '../../domain/entities/operation';
import { Scanner } from '../../ui/scanner';
import { href } from '../../links/registry';

type Said = { readonly color: 'teal' | 'orange' | 'red'; readonly text: string; readonly kind: string };

function Result({ said }: { said: Said | null }) {
  if (!said) return null;
  return (
    <Alert color={said.color} role={said.color === 'teal' ? 'status' : 'alert'} data-testid="box-scan-result" data-kind={said.kind}>
      {said.text}
    </Alert>
  );
}

/** The frame both scanners share: title, help, the scanner field, what the last read said, then `children`. */
function ScanCard(p: { testId: string; title: string; help: string; fieldLabel: string; onScan: (code: string) => void; disabled?: boolean; said: Said | null; children?: ReactNode }) {
  return (
    <Card withBorder data-testid={p.testId}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {p.title}
        </Title>
        <Text size="sm">{p.help}</Text>
        <Scanner onScan={p.onScan} label={p.fieldLabel} disabled={p.disabled} />
        <Result said={p.said} />
        {p.children}
      </Stack>
    </Card>
  );
}

/** The load-out's scanner: box labels of the route mark their box loaded; other codes go to `onProductCode`. */
export function LoadOutBoxScan({ route, orders, disabled, onProductCode }: { route: Route; orders: readonly Order[]; disabled: boolean; onProductCode: (code: string) => void }) {
  const { data: products } = useDocsByIds('products', [...new Set(orders.flatMap((o) => o.lines.map((l) => l.product_id)))]);
  const expected = useMemo(() => routeBoxLabels(route, orders, products), [route, orders, products]);
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(new Set());
  const [said, setSaid] = useState<Said | null>(null);
  const codeOf = new Map(orders.map((o) => [o.id, o.code]));
  const done = expected.filter((l) => loaded.has(l.code)).length;

  const onScan = (code: string) => {
    const r = checkLoadScan(code, expected, loaded);
    switch (r.kind) {
      case 'not-label':
        setSaid(null);
        onProductCode(code);
        return;
      case 'bad-label':
        setSaid({ color: 'red', kind: r.kind, text: t('boxScan.badLabel', { code }) });
        return;
      case 'other-route':
        setSaid({ color: 'red', kind: r.kind, text: t('boxScan.otherRoute', { code, orderId: r.read.order_id }) });
        return;
      case 'no-such-box':
        setSaid({ color: 'red', kind: r.kind, text: t('boxScan.noSuchBox', { code, box: r.read.box, read: r.read.of, order: codeOf.get(r.read.order_id) ?? r.read.order_id, of: r.of }) });
        return;
      case 'again':
      case 'loaded': {
        const l = r.label;
        const vars = { box: l.box, of: l.of, order: l.order_code, seq: l.stop_seq };
        if (r.kind === 'loaded') setLoaded((s) => new Set([...s, l.code]));
        setSaid(r.kind === 'loaded' ? { color: 'teal', kind: r.kind, text: t('boxScan.loaded', vars) } : { color: 'orange', kind: r.kind, text: t('boxScan.again', vars) });
        return;
      }
    }
  };

  return (
    <ScanCard testId="load-boxes" title={t('boxScan.loadTitle')} help={t('boxScan.loadHelp')} fieldLabel={t('boxScan.fieldLabel')} onScan={onScan} disabled={disabled} said={said}>
        {expected.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('boxScan.noLabels')}
          </Text>
        ) : (
          <>
            <Text fw={600} data-testid="boxes-loaded">
              {t('boxScan.loadedCount', { done, total: expected.length })}
            </Text>
            <Stack gap={4}>
              {expected.map((l) => {
                const isLoaded = loaded.has(l.code);
                return (
                  <Group key={l.code} justify="space-between" wrap="nowrap" data-testid="box-load-row" data-code={l.code} data-loaded={isLoaded}>
                    <Text size="sm" style={{ minWidth: 0 }}>
                      {t('boxScan.boxRow', { seq: l.stop_seq, order: l.order_code, box: l.box, of: l.of })}
                    </Text>
                    <Badge color={isLoaded ? 'teal' : 'gray'} variant="light">
                      {isLoaded ? t('boxScan.boxLoaded') : t('boxScan.boxPending')}
                    </Badge>
                  </Group>
                );
              })}
            </Stack>
            {!disabled && (done < expected.length ? <Alert color="orange">{t('boxScan.missingBoxes', { n: expected.length - done })}</Alert> : <Alert color="teal">{t('boxScan.allLoaded')}</Alert>)}
          </>
        )}
    </ScanCard>
  );
}

/** The stop's scanner: a box label says which order of this stop it is, or that it belongs elsewhere. */
export function StopBoxScan({ route, seq, orders, riderId }: { route: Route; seq: number; orders: ReadonlyMap<string, Order>; riderId: string }) {
  const [said, setSaid] = useState<Said | null>(null);
  const [order, setOrder] = useState<Order | null>(null);

  const onScan = (code: string) => {
    const r = checkStopScan(code, route, seq);
    setOrder(null);
    switch (r.kind) {
      case 'not-label':
        setSaid({ color: 'orange', kind: r.kind, text: t('boxScan.notLabel', { code }) });
        return;
      case 'bad-label':
        setSaid({ color: 'red', kind: r.kind, text: t('boxScan.badLabel', { code }) });
        return;
      case 'other-route':
        setSaid({ color: 'red', kind: r.kind, text: t('boxScan.stopOtherRoute', { code, orderId: r.read.order_id }) });
        return;
      case 'other-stop':
        setSaid({ color: 'red', kind: r.kind, text: t('boxScan.otherStop', { code, seq: r.seq }) });
        return;
      case 'here': {
        const found = orders.get(r.read.order_id) ?? null;
        setOrder(found);
        setSaid({
          color: 'teal',
          kind: r.kind,
          text: found ? t('boxScan.here', { box: r.read.box, of: r.read.of, order: found.code }) : t('boxScan.hereUnknown', { box: r.read.box, of: r.read.of, orderId: r.read.order_id }),
        });
        return;
      }
    }
  };

  return (
    <ScanCard testId="stop-boxes" title={t('boxScan.stopTitle')} help={t('boxScan.stopHelp')} fieldLabel={t('boxScan.stopFieldLabel')} onScan={onScan} said={said}>
        {order && (
          <Button size="lg" component={Link} to={href('deliveryProducts', { id: order.id, riderId, routeId: route.id })}>
            {t('boxScan.deliver', { order: order.code })}
          </Button>
        )}
    </ScanCard>
  );
}
