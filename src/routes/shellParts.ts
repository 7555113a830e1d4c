/**
 * The signed-in frame's parts, in one chunk (issue 31: a first screen in a handful of files): the
 * shell, the sync badge, the user menu and the session overlays are always drawn together, so
 * they are fetched by one request, and the sign-in page still downloads none of them.
 */
export { ShellLayout } from '../ui/layout/ShellLayout';
export { SyncIndicator } from '../ui/layout/SyncIndicator';
export { UserMenu } from '../features/auth/UserMenu';
export { SessionOverlays } from '../features/auth/SessionOverlays';
