export { OrdersListPage } from './OrdersListPage';
export { OrderCreatePage } from './OrderCreatePage';
export { OrderEditPage } from './OrderEditPage';
