/**
 * The tail of the forms that report what went wrong (the rider's incidence and failed delivery,
 * the picker's incidence): a note, an optional photo from the camera, the action's error and the
 * button that sends it. Each screen keeps its own fields above it and its own texts.
 */
import { useState } from 'react';
import { Alert, Button, FileInput, Textarea, type MantineColor } from '@mantine/core';

export const PHOTO_TYPES = 'image/png,image/jpeg,image/webp';

export interface NotePhotoSubmitProps {
  readonly noteLabel: string;
  readonly note: string;
  readonly onNote: (note: string) => void;
  readonly photoLabel: string;
  readonly photo: File | null;
  readonly onPhoto: (photo: File | null) => void;
  /** Note and photo read-only (the report is already made). */
  readonly fieldsDisabled?: boolean;
  readonly error: string | null;
  readonly submitLabel: string;
  readonly color: MantineColor;
  readonly busy: boolean;
  readonly submitDisabled?: boolean;
  readonly onSubmit: () => void;
}

/** The note and the photo of a report, kept by its screen and handed to NotePhotoSubmit as they are (`{...notePhoto}`). */
export function useNotePhoto() {
  const [note, onNote] = useState('');
  const [photo, onPhoto] = useState<File | null>(null);
  return { note, onNote, photo, onPhoto };
}

export function NotePhotoSubmit(p: NotePhotoSubmitProps) {
  return (
    <>
      <Textarea label={p.noteLabel} value={p.note} onChange={(e) => p.onNote(e.currentTarget.value)} maxLength={500} disabled={p.fieldsDisabled} />
      <FileInput label={p.photoLabel} accept={PHOTO_TYPES} capture="environment" value={p.photo} onChange={p.onPhoto} clearable disabled={p.fieldsDisabled} size="lg" />
      {p.error && (
        <Alert color="red" role="alert">
          {p.error}
        </Alert>
      )}
      <Button size="xl" color={p.color} loading={p.busy} disabled={p.submitDisabled} onClick={p.onSubmit}>
        {p.submitLabel}
      </Button>
    </>
  );
}
