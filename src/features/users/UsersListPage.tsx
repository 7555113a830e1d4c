import { EntityListPage } from '../../ui/crud/entity';
import { userConfig } from './userShared';

export const UsersListPage = () => <EntityListPage config={userConfig} />;
