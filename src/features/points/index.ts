export { PointsOverviewPage } from './PointsOverviewPage';
export { PointCreatePage, PointEditPage, PointsListPage } from './PointEntityPages';
export { PointDataPage } from './PointDataPage';
