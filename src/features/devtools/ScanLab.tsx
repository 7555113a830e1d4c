/**
 * /test/two, «Cámara y lector de códigos»: the app's scanner as the pickers and riders get it
 * (camera, keyboard-wedge scanner, typed code), with what each read is (box label, product GTIN,
 * other). A developer check of a tablet's camera and scanner; nothing is recorded. The camera
 * e2e (e2e/scanner-camera.spec.ts) drives it with Chromium's fake camera.
 */
import { useState } from 'react';
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { t } from '../../i18n';
import { classifyCode } from '../../domain/picking';
import { Scanner, type ScanFormat, type ScanSource } from '../../ui/scanner';
import '../../i18n/es/devtools';
import '../../i18n/es/scanner';

interface Read {
  readonly n: number;
  readonly code: string;
  readonly source: ScanSource;
  readonly format: ScanFormat | null;
}

export function ScanLab() {
  const [reads, setReads] = useState<Read[]>([]);
  const last = reads[0];
  const kind = last ? classifyCode(last.code).kind : null;
  return (
    <Card withBorder component="section" aria-labelledby="scan-lab-title">
      <Stack>
        <Title order={2} size="h3" id="scan-lab-title">
          {t('scanLab.title')}
        </Title>
        <Text c="dimmed">{t('scanLab.intro')}</Text>
        <Scanner onScan={(code, source, format) => setReads((r) => [{ n: (r[0]?.n ?? 0) + 1, code, source, format }, ...r].slice(0, 20))} />
        {last ? (
          <Table data-testid="scan-lab-last">
            <Table.Caption>{t('scanLab.last')}</Table.Caption>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">{t('scanner.manualLabel')}</Table.Th>
                <Table.Td data-testid="scan-lab-code">{last.code}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('scanLab.source')}</Table.Th>
                <Table.Td data-testid="scan-lab-source">{t(`scanLab.sources.${last.source}`)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('scanLab.kind')}</Table.Th>
                <Table.Td>{kind ? t(`scanLab.kinds.${kind}`) : ''}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('scanLab.count')}</Table.Th>
                <Table.Td data-testid="scan-lab-count">{last.n}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        ) : (
          <Text>{t('scanLab.none')}</Text>
        )}
      </Stack>
    </Card>
  );
}
