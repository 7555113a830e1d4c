import { useCallback, useMemo, useRef } from 'react';
import { Stack, Text } from '@mantine/core';
import { isValidLatLng } from '../../domain/deliveryPoints';
import { LazyMap } from './LazyMap';

/**
 * A place chosen on the map (the shared OpenLayers wrapper): a click sets latitude and
 * longitude; the marker shows the current values (typed ones too).
 */
export function LocationPicker(props: { lat: unknown; lng: unknown; label: string; help: string; onPick: (lat: number, lng: number) => void; marker?: string }) {
  const { lat, lng } = props;
  const points = useMemo(
    () => (isValidLatLng(lat, lng) ? [{ id: 'here', lat: lat as number, lng: lng as number, label: props.marker ?? '●' }] : []),
    [lat, lng, props.marker],
  );
  const pick = useRef(props.onPick);
  pick.current = props.onPick;
  const onPick = useCallback((la: number, ln: number) => pick.current(la, ln), []);
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        {props.help}
      </Text>
      <LazyMap points={points} ariaLabel={props.label} onPick={onPick} height={280} />
    </Stack>
  );
}
