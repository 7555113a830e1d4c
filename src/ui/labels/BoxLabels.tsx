/**
 * Printable box labels (issue 12): route, stop number, delivery point, order, box n of m and a
 * Code 128 barcode of the label code (src/domain/picking/labels.ts), which the rider's load-out
 * and stop screens accept when scanned. One label per printed page (100 × 62 mm).
 */
import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import type { BoxLabel } from '../../domain/picking';
import { t } from '../../i18n';
import { code128Svg, svgDataUrl } from './barcodeSvg';
import classes from './BoxLabels.module.css';
import '../../i18n/es/picking';

function Barcode({ code }: { code: string }) {
  const [state, setState] = useState<{ code: string; url: string | null; failed: boolean }>({ code, url: null, failed: false });
  useEffect(() => {
    let live = true;
    code128Svg(code)
      .then((svg) => live && setState({ code, url: svgDataUrl(svg), failed: false }))
      .catch(() => live && setState({ code, url: null, failed: true }));
    return () => {
      live = false;
    };
  }, [code]);
  if (state.code === code && state.failed) return <Text size="sm">{t('boxLabel.renderError', { code })}</Text>;
  if (state.code !== code || state.url === null) return <Text size="sm">{t('boxLabel.rendering')}</Text>;
  return <img className={classes.barcode} src={state.url} alt={t('boxLabel.barcodeAlt', { code })} data-testid="box-label-barcode" />;
}

export function BoxLabelCard({ label }: { label: BoxLabel }) {
  return (
    <article className={classes.label} aria-label={t('boxLabel.box', { box: label.box, of: label.of })} data-testid="box-label">
      <div className={classes.top}>
        <span className={classes.big}>{t('boxLabel.route', { code: label.route_code })}</span>
        <span className={classes.big}>{label.stop_seq > 0 ? t('boxLabel.stop', { seq: label.stop_seq }) : t('boxLabel.noStop')}</span>
      </div>
      <strong>{label.delivery_point_name}</strong>
      <span>{label.address}</span>
      <div className={classes.top}>
        <span>{t('boxLabel.order', { code: label.order_code })}</span>
        <span>{t('boxLabel.window', { window: label.window })}</span>
      </div>
      <Barcode code={label.code} />
      <div className={classes.code}>{label.code}</div>
      <div className={classes.top}>
        <span className={classes.big}>{t('boxLabel.box', { box: label.box, of: label.of })}</span>
        {label.cold && <span className={classes.cold}>{t('boxLabel.cold')}</span>}
        <span>{t('boxLabel.hub', { hub: label.hub })}</span>
      </div>
    </article>
  );
}

/** Every label of some orders, ready for `window.print()`. */
export function BoxLabels({ labels }: { labels: readonly BoxLabel[] }) {
  return (
    <section className={classes.sheet} aria-label={t('boxLabel.title')}>
      {labels.map((l) => (
        <BoxLabelCard key={l.code} label={l} />
      ))}
    </section>
  );
}
