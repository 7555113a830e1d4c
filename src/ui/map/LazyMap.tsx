import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import type { MapViewProps } from './MapView';

const MapView = lazy(() => import('./MapView'));

/** The map, loaded only where it is shown (OpenLayers stays out of the first download). */
export function LazyMap(props: MapViewProps) {
  return (
    <Suspense fallback={<Skeleton height={props.height ?? 320} radius="md" />}>
      <MapView {...props} />
    </Suspense>
  );
}
