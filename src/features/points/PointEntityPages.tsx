import type { ScreenProps } from '../../ui/page/types';
import { EntityCreatePage, EntityEditPage, EntityListPage } from '../../ui/crud/EntityPages';
import { pointConfig } from './config';

export const PointsListPage = () => <EntityListPage config={pointConfig} />;

export const PointCreatePage = () => <EntityCreatePage config={pointConfig} />;

export const PointEditPage = ({ params }: ScreenProps<'deliveryPointsEdit'>) => <EntityEditPage config={pointConfig} id={params.id} />;
