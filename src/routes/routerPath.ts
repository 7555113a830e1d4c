export { routerPath as toRouterPath } from './href';
