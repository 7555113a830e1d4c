export { LoginPage, homeOf } from './LoginPage';
export { ResetRequestPage } from './ResetRequestPage';
export { ResetFormPage } from './ResetFormPage';
export { UserMenu } from './UserMenu';
export { SessionOverlays } from './SessionOverlays';
