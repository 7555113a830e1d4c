import { Suspense, useState } from 'react';
import { useSession } from '../../data/session';
import { lazyChunk } from '../../ui/lazyChunk';
import { UserMenuButton } from './UserMenuButton';
import { usePreloadWhenSynced } from '../../ui/preloadWhenSynced';

// The menu itself (profile, lock, sign-out and its refusal) loads when the button is first
// pressed: the first screen draws the button only (issue 31).
const UserMenuDropdown = lazyChunk(() => import('./UserMenuDropdown').then((m) => ({ default: m.UserMenuDropdown })));
const PRELOAD = [UserMenuDropdown];

/** The signed-in user in the header: profile, lock, sign-out (refused while work is unsynced). */
export function UserMenu() {
  const user = useSession((s) => s.user);
  const [wanted, setWanted] = useState(false);
  usePreloadWhenSynced(PRELOAD);
  if (!user) return null;
  if (!wanted) return <UserMenuButton name={user.name} onClick={() => setWanted(true)} />;
  return (
    <Suspense fallback={<UserMenuButton name={user.name} aria-busy />}>
      <UserMenuDropdown user={user} />
    </Suspense>
  );
}
