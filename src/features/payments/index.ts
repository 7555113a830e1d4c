export { PaymentsAllPage, PaymentsDetailsPage } from './PaymentsPages';
export { RiderCashCard } from './RiderCashCard';
