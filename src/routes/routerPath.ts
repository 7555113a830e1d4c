export { routerPath as toRouterPath } from '../links/href';
