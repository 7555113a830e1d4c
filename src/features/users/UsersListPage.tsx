import { EntityListPage } from '../../ui/crud/EntityPages';
import { userConfig } from './userShared';

export const UsersListPage = () => <EntityListPage config={userConfig} />;
