/** English texts of the operation panel (features/home) (the Spanish ones are ../es/home.ts). Same keys, same {variables}. */
import type { homeMessages as es } from '../es/home';
import type { Shape } from '../shape';

export const homeMessages: Shape<typeof es> = {
  home: {
    today: 'Today’s operation, {date}',
    hubSelector: 'Hub',
    allHubs: 'All',
    orders: 'Orders',
    delivered: 'Delivered',
    deliveredOf: '{done} of {of}',
    deliveredShareOf: 'Delivered in {hub}',
    routes: 'Routes',
    routesOnStreet: '{n} out on the street',
    incidences: 'Today’s incidents',
    seeIncidences: 'See incidents',
    cash: 'Cash collected',
    otherCollected: 'Card and bank transfer: {amount}',
    ordersByStatus: 'Orders by status',
    routesByStatus: 'Routes by status',
    byHub: 'By hub',
    nothingToday: 'Nothing for today.',
    riderIntro: 'Your routes today, the load-out at the hub and the deliveries are in Delivery.',
    riderGo: 'Go to Delivery',
  },
};
