export { ConfigPage, RoleCreatePage, RoleEditPage, RolesListPage } from './ConfigPages';
