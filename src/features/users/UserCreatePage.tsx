import { EntityCreatePage } from '../../ui/crud/entity';
import { userConfig } from './userShared';

export const UserCreatePage = () => <EntityCreatePage config={userConfig} />;
