import { Table } from '@mantine/core';
import { formatMoney, t } from '../../i18n';
import { formatDate } from '../../i18n/dates';
import '../../i18n/es/devtools';

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
