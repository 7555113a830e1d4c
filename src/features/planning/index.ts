export { RouteFormPage, RouteSynlabPage, RouteViewPage, RoutesListPage } from './RoutesPages';
export { PlanningBoardPage } from './PlanningBoard';
export { DayMapPage } from './DayMap';
