import type { ScreenProps } from '../../ui/page/types';
import { EntityEditPage } from '../../ui/crud/EntityPages';
import { roleConfig } from './roleShared';

export const RoleEditPage = ({ params }: ScreenProps<'rolEdit'>) => <EntityEditPage config={roleConfig} id={params.rol_id} />;
