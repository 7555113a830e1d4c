import { EntityCreatePage } from '../../ui/crud/entity';
import { roleConfig } from './roleShared';

export const RoleCreatePage = () => <EntityCreatePage config={roleConfig} />;
