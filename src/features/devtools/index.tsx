/**
 * Developer diagnostics under /test (interface group machine-dev-mode): the device's
 * environment with its camera and barcode scanner (/test/two) and the es-ES formats. The pages
 * that list routes live in src/routes/pages.
 */
import { useEffect, useState } from 'react';
import { Stack, Table } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { formatDate, formatMoney, formatNumber, t } from '../../i18n';
import { storageReport, type StorageReport } from '../../data/deviceStorage';
import { ScanLab } from './ScanLab';

function megabytes(bytes: number | null): string {
  return bytes === null ? t('deviceStorage.unknown') : `${formatNumber(bytes / 1024 / 1024, 1)} MB`;
}

export function DevEnvironmentPage() {
  const { online } = useNetwork();
  const [report, setReport] = useState<StorageReport | null>(null);
  const controlled = typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller;
  useEffect(() => {
    let live = true;
    void storageReport().then((r) => {
      if (live) setReport(r);
    });
    return () => {
      live = false;
    };
  }, []);
  const rows: [string, string][] = [
    [t('dev.online'), online ? t('sync.online') : t('sync.offline')],
    [t('dev.serviceWorker'), controlled ? t('dev.swActive') : t('dev.swNone')],
    [t('deviceStorage.used'), megabytes(report?.usage ?? null)],
    [t('deviceStorage.quota'), megabytes(report?.quota ?? null)],
    [t('deviceStorage.persisted'), report?.persisted == null ? t('deviceStorage.unknown') : t(report.persisted ? 'deviceStorage.persistedYes' : 'deviceStorage.persistedNo')],
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
