export { OrderCreatePage, OrderEditPage, OrdersListPage } from './OrdersPages';
