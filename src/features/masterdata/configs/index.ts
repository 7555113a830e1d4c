/**
 * The master data of the operation, each described once for the generic record layer
 * (src/ui/crud/entity.tsx): bikes, bike models, hubs, products, clients, taxes and statuses.
 */
export { bikeConfig } from './bikes';
export { bikeModelConfig } from './bikeModels';
export { hubConfig } from './hubs';
export { productConfig } from './products';
export { clientConfig } from './clients';
export { taxConfig } from './taxes';
export { STATUS_KINDS, statusConfig } from './statuses';
export { sustainabilityConfig } from './sustainability';
export { planningConfig } from './planning';
