/** A titled part of a page (a form, a list) in a bordered card; the title is the page's second level. */
import type { ReactNode } from 'react';
import { Card, Title } from '@mantine/core';

export function SectionCard({ title, testId, children }: { title: ReactNode; testId?: string; children: ReactNode }) {
  return (
    <Card withBorder data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}
