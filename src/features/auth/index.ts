export { LoginPage } from './LoginPage';
export { homeOf } from './home';
export { ResetFormPage, ResetRequestPage } from './ResetPages';
export { UserMenu } from './UserMenu';
export { SessionOverlays } from './SessionOverlays';
