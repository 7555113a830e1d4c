import { EntityListPage } from '../../ui/crud/EntityPages';
import { roleConfig } from './roleShared';

export const RolesListPage = () => <EntityListPage config={roleConfig} />;
