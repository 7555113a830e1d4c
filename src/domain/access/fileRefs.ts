/**
 * The fields of each collection that name a stored file (a delivery's signature and photo, an
 * incidence's photo), and the folder their files go in (issue 29, finding 7). The embedded server
 * checks them against its record of uploads (server/fileRefs.ts); the Firestore rules, which
 * cannot read Storage, against the path: the writer's own folder, or for a delivery the event's
 * rider's (src/domain/access/firestoreRules.ts), where storage.rules let only him (or operators
 * and admins) upload.
 */
import type { LocalCollection } from '../collections';

export const FILE_REF_FIELDS: Readonly<Partial<Record<LocalCollection, { readonly folder: 'deliveries' | 'incidences'; readonly fields: readonly string[] }>>> = {
  deliveries: { folder: 'deliveries', fields: ['signature_file', 'photo_file'] },
  incidences: { folder: 'incidences', fields: ['photo_file'] },
};

/** A file's name inside its folder, as the file store accepts it (server/routes/files.ts PATH_RE). */
export const FILE_NAME_PATTERN = '[A-Za-z0-9_.:-]{1,80}[.](png|jpg|jpeg|webp)';
