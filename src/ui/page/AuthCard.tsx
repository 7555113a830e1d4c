import type { ReactNode } from 'react';
import { Paper } from '@mantine/core';

/** The narrow card of the sign-in and password screens (blank layout). */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" maw={420} mx="auto" w="100%">
      {children}
    </Paper>
  );
}
