export { LoginPage } from './LoginPage';
export { homeOf } from './home';
export { ResetRequestPage } from './ResetRequestPage';
export { ResetFormPage } from './ResetFormPage';
export { UserMenu } from './UserMenu';
export { SessionOverlays } from './SessionOverlays';
