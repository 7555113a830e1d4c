import { Suspense } from 'react';
import { ChunkBoundary, lazyChunk } from '../lazyChunk';
import { Skeleton } from '@mantine/core';
import type { MapViewProps } from './MapView';

const MapView = lazyChunk(() => import('./MapView'));

/** The map, loaded only where it is shown (OpenLayers stays out of the first download). */
export function LazyMap(props: MapViewProps) {
  return (
    <ChunkBoundary fallback="notice">
      <Suspense fallback={<Skeleton height={props.height ?? 320} radius="md" />}>
        <MapView {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}
