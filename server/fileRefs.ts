/**
 * File references in documents (issue 29, finding 7): a delivery event's signature or photo, an
 * incidence's photo name a path of the file store (server/routes/files.ts). A document may name
 * only a file its writer uploaded — or, not uploaded yet (the device's upload queue may send it
 * after the document), a path under his own folder (or, for a delivery, under the folder of the
 * event's rider, where the device files it), which nobody else may fill but operators and admins.
 * Files the server makes would be recorded with SERVER_FILE_AUTHOR as their uploader.
 *
 * The proof page checks again when it serves (`uploaderOf`): a photo is served only when its
 * recorded uploader wrote one of the order's documents that name it — so a reference taken in
 * before this check, or a file uploaded later by someone else at that path, is never shown.
 */
import { t } from '../src/i18n';
import type { LocalCollection } from '../src/domain/collections';
import type { DocStore, StoredDoc } from './store';
import { PATH_RE } from './routes/files';
import { FILE_REF_FIELDS } from '../src/domain/access/fileRefs';

/** The uploader recorded for a file the server makes itself. */
export const SERVER_FILE_AUTHOR = '@server';

/** The fields of each collection that name a stored file, and the folder its files go in. */
export { FILE_REF_FIELDS };

/** Who uploaded a stored file (its recorded author), or null when no file is stored there. */
export function uploaderOf(store: DocStore, path: string): string | null {
  const row = store.db.prepare('SELECT created_by FROM files WHERE path = ?').get(path) as { created_by: string } | undefined;
  return row?.created_by ?? null;
}

/**
 * Why the file references of `doc`, written by `userId`, are not accepted (Spanish), or null
 * when each one names a file he uploaded (or the server made), or a path of his own not yet
 * uploaded. A deleted document and an empty reference are not checked.
 */
export function fileRefProblem(store: DocStore, userId: string, collection: LocalCollection, doc: StoredDoc): string | null {
  const refs = FILE_REF_FIELDS[collection];
  if (!refs || doc._deleted) return null;
  for (const field of refs.fields) {
    const path = doc[field];
    if (path === undefined || path === '') continue;
    const m = typeof path === 'string' ? PATH_RE.exec(path) : null;
    if (!m || m[1] !== refs.folder) {
      return t('server.fileRefs.badPath', { field, folder: refs.folder });
    }
    const uploader = uploaderOf(store, path as string);
    if (uploader !== null) {
      if (uploader === userId || uploader === SERVER_FILE_AUTHOR) continue;
      return t('server.fileRefs.otherUploader', { path: String(path) });
    }
    const owner = m[2];
    if (owner === userId || (collection === 'deliveries' && owner === doc.rider_id)) continue;
    return t('server.fileRefs.notYours', { path: String(path) });
  }
  return null;
}
