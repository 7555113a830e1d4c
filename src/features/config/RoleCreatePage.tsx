import { EntityCreatePage } from '../../ui/crud/EntityPages';
import { roleConfig } from './roleShared';

export const RoleCreatePage = () => <EntityCreatePage config={roleConfig} />;
