export { RoutesListPage } from './RoutesListPage';
export { RouteViewPage } from './RouteViewPage';
export { RouteSynlabPage } from './RouteSynlabPage';
export { RouteFormPage } from './RouteFormPage';
export { PlanningBoardPage } from './PlanningBoard';
export { DayMapPage } from './DayMap';
