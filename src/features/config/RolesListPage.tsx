import { EntityListPage } from '../../ui/crud/entity';
import { roleConfig } from './roleShared';

export const RolesListPage = () => <EntityListPage config={roleConfig} />;
