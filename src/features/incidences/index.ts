/** The operators' incidence list (back office). */
export { IncidencesListPage } from './IncidencesListPage';
