/**
 * The rider's first screen in one chunk (issue 31): his routes, then his cash card (issue 13),
 * and the notice of his shared position that the shell draws at the foot of his pages (issue 33).
 * The route layer is where the features meet (the card shows only to a rider).
 */
import { Stack } from '@mantine/core';
import { DistributionPage } from '../features/delivery/DistributionPage';
import { RiderCashCard } from '../features/payments/RiderCashCard';

export { RiderSharing } from '../features/tracking/RiderSharing';
export { DistributionPage };

export function DistributionWithCash() {
  return (
    <Stack gap="lg">
      <DistributionPage />
      <RiderCashCard />
    </Stack>
  );
}
