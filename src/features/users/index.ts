export { UserModelPage } from './UserModelPage';
export { UsersListPage } from './UsersListPage';
export { UserCreatePage } from './UserCreatePage';
export { UserEditPage } from './UserEditPage';
export { ProfilePage } from './ProfilePage';
