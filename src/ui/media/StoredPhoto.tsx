/**
 * A stored photo (incidences, deliveries) read from the file store through src/data: shown in
 * place (`StoredPhoto`) or behind a button that opens it in a dialog (`PhotoButton`, for lists:
 * nothing is downloaded until someone asks to see it).
 */
import { useState } from 'react';
import { Button, Image, Loader, Modal, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { t } from '../../i18n';
import { useStoredImage } from '../../data/proof';

export function StoredPhoto({ path, alt }: { path: string; alt: string }) {
  const image = useStoredImage(path);
  if (image.state === 'loading') return <Loader size="sm" aria-label={alt} />;
  if (image.state === 'missing')
    return (
      <Text size="sm" c="dimmed" data-testid="photo-missing">
        {t('media.photoMissing')}
      </Text>
    );
  return <Image src={image.url} alt={alt} radius="sm" fit="contain" mah={480} />;
}

export function PhotoButton({ path, title }: { path: string; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="compact-sm" variant="subtle" leftSection={<IconPhoto size={16} aria-hidden />} onClick={() => setOpen(true)} aria-label={t('media.showPhotoOf', { what: title })} mih={44}>
        {t('media.showPhoto')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={title} size="lg">
        {open && <StoredPhoto path={path} alt={title} />}
      </Modal>
    </>
  );
}
