import { useEffect, useState } from 'react';
import { Stack, Table } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { formatNumber, t } from '../../i18n';
import { storageReport, type StorageReport } from '../../data/deviceStorage';
import { ScanLab } from './ScanLab';
import '../../i18n/es/devtools';

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
