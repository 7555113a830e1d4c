export {
  BikeCreatePage,
  BikeEditPage,
  BikeListPage,
  BikeModelCreatePage,
  BikeModelEditPage,
  BikeModelListPage,
  ClientsSection,
  PlanningObjectivesSection,
  SustainabilitySection,
  HubCreatePage,
  HubEditPage,
  HubListPage,
  ProductCreatePage,
  ProductEditPage,
  ProductListPage,
  StatusCreatePage,
  StatusEditPage,
  StatusListPage,
  TaxCreatePage,
  TaxEditPage,
  TaxListPage,
} from './MasterDataPages';
export { SynlabListPage } from './SynlabListPage';
export { SynlabCreatePage } from './SynlabCreatePage';
export { SynlabEditPage } from './SynlabEditPage';
