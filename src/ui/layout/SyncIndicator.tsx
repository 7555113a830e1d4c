import { Suspense, useEffect, useState } from 'react';
import { lazyChunk } from '../lazyChunk';
import { firstScreenDrawn } from '../../data/firstScreen';
import { SyncBadgeButton, type SyncIndicatorProps } from './SyncBadge';

export { syncPhase, type SyncIndicatorProps, type SyncIndicatorStatus, type SyncPhase } from './SyncBadge';

// The details (a popover, with the notices' sentences) load when the badge is first pressed:
// the first screen draws the badge only (issue 31).
const SyncDetails = lazyChunk(() => import('./SyncDetails').then((m) => ({ default: m.SyncDetails })));

/**
 * The sync badge of the shell: online or offline, local changes not yet on the server, files
 * waiting to upload, the last successful sync, the last error in plain Spanish and the changes
 * of this person's the server did not keep (until he has read them).
 */
export function SyncIndicator(props: SyncIndicatorProps) {
  const [wanted, setWanted] = useState(false);
  // Fetched once in sync, so the details open offline too (../preloadWhenSynced.ts).
  const synced = props.status.state === 'synced';
  useEffect(() => {
    if (synced) void firstScreenDrawn().then(() => SyncDetails.preload());
  }, [synced]);
  if (!wanted) return <SyncBadgeButton status={props.status} onClick={() => setWanted(true)} />;
  return (
    <Suspense fallback={<SyncBadgeButton status={props.status} aria-busy />}>
      <SyncDetails {...props} />
    </Suspense>
  );
}
