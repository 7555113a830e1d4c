export { PointCreatePage, PointDataPage, PointEditPage, PointsListPage, PointsOverviewPage } from './PointsPages';
