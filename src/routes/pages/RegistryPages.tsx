/**
 * Pages made of the route registry itself: the /test index, the developer route list
 * (/test/dataroutes) and the /blank index of full-screen views.
 */
import { Anchor, Badge, List, Stack, Table, Text, type MantineSpacing } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { t } from '../../i18n';
import { ListTable } from '../../ui/table/ListTable';
import { ROUTES, samplePath, type RouteEntry } from '../../links/registry';
import '../../i18n/es/devtools';

/** An index page: its intro, then a link to each of `routes` under its title. */
function RouteIndex({ intro, routes, spacing }: { intro: string; routes: readonly RouteEntry[]; spacing?: MantineSpacing }) {
  return (
    <Stack>
      <Text>{intro}</Text>
      <List spacing={spacing}>
        {routes.map((r) => (
          <List.Item key={r.id}>
            <Anchor component={Link} to={r.path}>
              {t(r.title)}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

export function DevIndexPage() {
  return <RouteIndex intro={t('dev.intro')} routes={ROUTES.filter((r) => r.path.startsWith('/test/'))} />;
}

export function DevRoutesPage() {
  return (
    <Stack>
      <Text>{t('dev.routesIntro')}</Text>
      <ListTable
        bordered
        testId="route-registry"
        headers={[t('dev.path'), t('dev.title'), t('dev.layout'), t('dev.access'), t('dev.state')]}
        rows={ROUTES}
        row={(r) => (
          <Table.Tr key={r.id}>
            <Table.Td>
              <Anchor component={Link} to={samplePath(r)}>
                {r.path}
              </Anchor>
            </Table.Td>
            <Table.Td>{t(r.title)}</Table.Td>
            <Table.Td>{r.layout === 'shell' ? t('dev.shell') : t('dev.blankLayout')}</Table.Td>
            <Table.Td>{r.access === 'public' ? t('dev.public') : r.access.join(', ')}</Table.Td>
            <Table.Td>
              {r.pending === undefined ? (
                <Badge color="teal" variant="light">{t('dev.built')}</Badge>
              ) : (
                <Badge color="yellow" variant="light">{t('dev.pending', { issue: r.pending })}</Badge>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}

/** /blank: the full-screen views (no shell) for tablets and fixed stations. */
export function BlankIndexPage() {
  return <RouteIndex intro={t('blank.intro')} routes={ROUTES.filter((r) => r.layout === 'blank' && r.parent === 'blank')} spacing="sm" />;
}
