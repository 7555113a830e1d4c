export { RouteFormPage, RouteSynlabPage, RouteViewPage, RoutesListPage } from './RoutesPages';
