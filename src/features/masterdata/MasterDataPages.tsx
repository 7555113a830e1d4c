/**
 * The master-data screens, each one generic screen of the record layer with its entity's
 * configuration (configs/, one file per entity): bikes, bike models, hubs, products, taxes and
 * statuses; clients are a section of /config (docs/backoffice.md, «Master data, orders and Home»).
 */
import { t } from '../../i18n';
import type { ScreenProps } from '../../ui/page/types';
import { EntityCreatePage, EntityEditPage, EntityListPage, EntitySection } from '../../ui/crud/EntityPages';
import { bikeConfig, bikeModelConfig, clientConfig, hubConfig, planningConfig, productConfig, statusConfig, sustainabilityConfig, taxConfig } from './configs';
import '../../i18n/es/masterdata';
import '../../i18n/es/reports';

export const BikeListPage = () => <EntityListPage config={bikeConfig} />;
export const BikeCreatePage = () => <EntityCreatePage config={bikeConfig} />;
export const BikeEditPage = ({ params }: ScreenProps<'bikeEdit'>) => <EntityEditPage config={bikeConfig} id={params.bike_id} />;

export const BikeModelListPage = () => <EntityListPage config={bikeModelConfig} />;
export const BikeModelCreatePage = () => <EntityCreatePage config={bikeModelConfig} />;
export const BikeModelEditPage = ({ params }: ScreenProps<'bikeModelEdit'>) => <EntityEditPage config={bikeModelConfig} id={params.bike_id} />;

export const HubListPage = () => <EntityListPage config={hubConfig} />;
export const HubCreatePage = () => <EntityCreatePage config={hubConfig} />;
export const HubEditPage = ({ params }: ScreenProps<'hubEdit'>) => <EntityEditPage config={hubConfig} id={params.hub_id} />;

export const ProductListPage = () => <EntityListPage config={productConfig} />;
export const ProductCreatePage = () => <EntityCreatePage config={productConfig} />;
export const ProductEditPage = ({ params }: ScreenProps<'productEdit'>) => <EntityEditPage config={productConfig} id={params.product_id} />;

export const TaxListPage = () => <EntityListPage config={taxConfig} />;
export const TaxCreatePage = () => <EntityCreatePage config={taxConfig} />;
export const TaxEditPage = ({ params }: ScreenProps<'taxEdit'>) => <EntityEditPage config={taxConfig} id={params.tax_id} />;

export const StatusListPage = () => <EntityListPage config={statusConfig} />;
export const StatusCreatePage = () => <EntityCreatePage config={statusConfig} />;
export const StatusEditPage = ({ params }: ScreenProps<'statusEdit'>) => <EntityEditPage config={statusConfig} id={params.id} />;

/** Clients: a section of /config (the specification gives them no path). */
export const ClientsSection = () => <EntitySection config={clientConfig} title={t('clients.title')} testId="clients-section" />;

/** The reports' sustainability factors (issue 34): a section of /config. */
export const SustainabilitySection = () => <EntitySection config={sustainabilityConfig} title={t('reportsExtra.config.sustainability')} testId="sustainability-section" />;

/** Each hub's planning objective (issues 32 and 34): a section of /config. */
export const PlanningObjectivesSection = () => <EntitySection config={planningConfig} title={t('reportsExtra.config.planning')} testId="planning-objectives-section" />;
