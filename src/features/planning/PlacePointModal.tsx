/**
 * «Ubicar» on the planning board (issue 11): a delivery point «sin ubicación» (made by the import
 * from an address it did not know) is placed with the shared map picker — a click on the map, or
 * latitude and longitude typed in (the keyboard way) — and its orders can then be planned.
 */
import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { t } from '../../i18n';
import { useEngine } from '../../data/hooks';
import { placePoint } from '../../data/planning';
import { ValidationFailed } from '../../data/writes';
import type { DeliveryPoint } from '../../domain/entities/operation';
import { LocationPicker } from '../../ui/map/LocationPicker';
import { usePlanningActor } from './hooks';
import type { DataEngine } from '../../data/engine';
import { useAction } from '../../ui/action/useAction';
import '../../i18n/es/planning';

export function PlacePointModal({ point, onClose }: { point: DeliveryPoint; onClose: () => void }) {
  const engine = useEngine();
  const actor = usePlanningActor();
  // The placeholder position of a point «sin ubicación» is its hub's: start empty.
  const [lat, setLat] = useState<number | string>('');
  const [lng, setLng] = useState<number | string>('');
  const [errors, setErrors] = useState<{ lat?: string; lng?: string }>({});
  const address = [point.address, point.postal_code, point.city].filter((x) => x !== '').join(', ');

  // A refused position is told next to its field; any other failure in a notification.
  const save = useAction(
    async (engine: DataEngine, la: number | null, ln: number | null) => {
      await placePoint(engine, { pointId: point.id, lat: la, lng: ln }, actor);
      notifications.show({ color: 'teal', message: t('planning.place.saved') });
      onClose();
    },
    {
      onError: (text, err) => {
        if (err instanceof ValidationFailed) setErrors(Object.fromEntries(err.errors.map((e) => [e.path, e.message])));
        else notifications.show({ color: 'red', message: text });
      },
    },
  );

  return (
    <Modal opened onClose={onClose} title={t('planning.place.title', { point: point.name })} size="lg">
      <Stack gap="sm" data-testid="place-point">
        {address !== '' && <Text size="sm">{t('planning.place.address', { address })}</Text>}
        <LocationPicker
          lat={typeof lat === 'number' ? lat : undefined}
          lng={typeof lng === 'number' ? lng : undefined}
          label={t('planning.place.mapLabel', { point: point.name })}
          help={t('planning.place.help')}
          onPick={(la, ln) => {
            setLat(Math.round(la * 1e6) / 1e6);
            setLng(Math.round(ln * 1e6) / 1e6);
            setErrors({});
          }}
        />
        <Group grow>
          <NumberInput label={t('planning.place.lat')} value={lat} onChange={setLat} decimalScale={6} error={errors.lat} data-testid="place-lat" />
          <NumberInput label={t('planning.place.lng')} value={lng} onChange={setLng} decimalScale={6} error={errors.lng} data-testid="place-lng" />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('planning.place.cancel')}
          </Button>
          <Button
            onClick={() => {
              if (engine) void save.run(engine, lat === '' ? null : Number(lat), lng === '' ? null : Number(lng));
            }}
            loading={save.busy}
          >
            {t('planning.place.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
