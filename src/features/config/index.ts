export { ConfigPage } from './ConfigPage';
export { RolesListPage } from './RolesListPage';
export { RoleCreatePage } from './RoleCreatePage';
export { RoleEditPage } from './RoleEditPage';
