export { LoginPage, homeOf } from './LoginPage';
export { ResetFormPage, ResetRequestPage } from './ResetPages';
export { UserMenu } from './UserMenu';
export { SessionOverlays } from './SessionOverlays';
