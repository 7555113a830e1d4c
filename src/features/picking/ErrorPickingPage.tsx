import { useState } from 'react';
import { Alert, Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { t } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import type { ScreenProps } from '../../ui/page/types';
import { pickByScan, type ActionEngine } from '../../data/picking';
import { useAction } from '../../ui/action/useAction';
import type { AppHref } from '../../links/registry';
import { isLineDone, orderPickingProgress } from '../../domain/picking';
import { Scanner } from '../../ui/scanner';
import { ProductMissing, productPath } from './shared';
import { useOrderProduct, usePickingEvents } from './hooks';
import { useUserNames } from './incidenceShared';
import '../../i18n/es/picking';

/** /error-picking-producto/:pe_name/:order_id/:product_id/: wrong codes read for this product, and scan again. */
export function ErrorPickingPage({ params }: ScreenProps<'errorPicking'>) {
  const { engine, actor, order, product } = useOrderProduct(params.order_id, params.product_id);
  const navigate = useNavigate();
  const events = usePickingEvents(params.order_id ? [params.order_id] : []);
  const names = useUserNames();
  const [feedback, setFeedback] = useState<string | null>(null);
  const scan = useAction(
    async (engine: ActionEngine, input: Parameters<typeof pickByScan>[1], back: AppHref, product: string) => {
      const outcome = await pickByScan(engine, input, actor);
      if (outcome.ok) await navigate({ href: back });
      else if (outcome.partial) setFeedback(t('pickingScreens.scanPartial', { code: input.code }));
      else setFeedback(t('pickingScreens.scanWrong', { code: input.code, product }));
    },
    { onError: setFeedback },
  );
  if (order.loading || product.loading) return null;
  if (!order.data || !product.data || !engine) {
    return <ProductMissing />;
  }
  const o = order.data;
  const p = product.data;
  const errors = events.incidences.filter((i) => i.kind === 'picker-error' && i.product_id === p.id).sort((a, b) => b.at - a.at);
  const progress = orderPickingProgress(o, events.index);
  const line = progress.lines.find((l) => l.product_id === p.id && !isLineDone(l)) ?? progress.lines.find((l) => l.product_id === p.id);
  const back = productPath(o.delivery_point_id, p.id, o.id);
  return (
    <Stack>
      <Anchor component={Link} to={back}>
        {t('pickingScreens.backToProduct')}
      </Anchor>
      <Alert color="red">{t('pickingScreens.errorIntro')}</Alert>
      <Text fw={700}>{t('pickingScreens.expected', { product: `${p.name} (${p.barcode || p.sku})` })}</Text>
      {line && (
        <Card withBorder padding="md">
          <Text fw={500} mb="xs">
            {t('pickingScreens.scanAgain')}
          </Text>
          <Scanner
            label={t('pickingScreens.scanLabel')}
            disabled={scan.busy}
            onScan={(code) => void scan.run(engine, { order_id: o.id, line_id: line.line_id, code }, back, p.name)}
          />
          {feedback && (
            <Alert color="red" role="alert" mt="sm">
              {feedback}
            </Alert>
          )}
        </Card>
      )}
      <Title order={2} size="h4">
        {t('pickingScreens.errorsOfLine', { order: o.code })}
      </Title>
      {errors.length === 0 && <Text c="dimmed">{t('pickingScreens.noErrors')}</Text>}
      <Stack gap={4} data-testid="picker-errors">
        {errors.map((e) => (
          <Text key={e.id} size="sm" data-testid="picker-error">
            {t('pickingScreens.errorRow', { when: formatDate(e.at), who: names.get(e.created_by) ?? e.created_by, code: e.scanned_barcode ?? '' })}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}
