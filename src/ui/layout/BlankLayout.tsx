import { Box } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';

/** The blank layout: no shell, the page uses the whole screen. */
export function BlankLayout() {
  return (
    <Box component="main" id="main" p="md" mih="100dvh">
      <Outlet />
    </Box>
  );
}
