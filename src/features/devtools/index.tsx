/**
 * Developer diagnostics under /test (interface group machine-dev-mode): the device's
 * environment with its camera and barcode scanner (/test/two) and the es-ES formats. The pages
 * that list routes live in src/routes/pages.
 */
import { useEffect, useState } from 'react';
import { Stack, Table } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { formatDate, formatMoney, t } from '../../i18n';
import { ScanLab } from './ScanLab';

export function DevEnvironmentPage() {
  const { online } = useNetwork();
  const [usage, setUsage] = useState<number | null>(null);
  const controlled = typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller;
  useEffect(() => {
    let live = true;
    void navigator.storage?.estimate?.().then((e) => {
      if (live) setUsage(e.usage ?? null);
    });
    return () => {
      live = false;
    };
  }, []);
  const rows: [string, string][] = [
    [t('dev.online'), online ? t('sync.online') : t('sync.offline')],
    [t('dev.serviceWorker'), controlled ? t('dev.swActive') : t('dev.swNone')],
    [t('dev.storage'), usage === null ? t('dev.unknown') : `${(usage / 1024 / 1024).toFixed(1)} MB`],
    [t('dev.userAgent'), navigator.userAgent],
  ];
  return (
    <Stack gap="xl">
      <Table>
        <Table.Caption>{t('dev.environment')}</Table.Caption>
        <Table.Tbody>
          {rows.map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Th scope="row">{k}</Table.Th>
              <Table.Td>{v}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ScanLab />
    </Stack>
  );
}

export function DevFormatsPage() {
  const now = Date.now();
  return (
    <Table>
      <Table.Caption>{t('dev.formats')}</Table.Caption>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">{t('dev.sampleDate')}</Table.Th>
          <Table.Td>{formatDate(now, "EEEE d 'de' MMMM 'de' yyyy, HH:mm")}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">{t('dev.sampleMoney')}</Table.Th>
          <Table.Td>{formatMoney(123456)}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

export { DeliveryLabPage, SynlabOrdersPage } from './DeliveryLab';
