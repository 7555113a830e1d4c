import { EntityCreatePage } from '../../ui/crud/EntityPages';
import { userConfig } from './userShared';

export const UserCreatePage = () => <EntityCreatePage config={userConfig} />;
