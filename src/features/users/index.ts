export { UserCreatePage, UserEditPage, UserModelPage, UsersListPage } from './UsersPages';
export { ProfilePage } from './ProfilePage';
