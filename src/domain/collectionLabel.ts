/**
 * How messages name a local collection's document. A leaf module without the collections'
 * schemas (zod): the sync notices and the writer name collections on the first screen
 * (issue 31); ./collections.ts re-exports it.
 */
import { msg, type DomainMessage } from './messages';
import type { CollectionLabelForm, LocalCollection } from './stored/names';

/** The name of a collection's document in messages, worded by the layer that shows it. */
export function collectionLabel(collection: LocalCollection, form: CollectionLabelForm = 'the'): DomainMessage {
  return msg(`domain.collections.${collection}.${form}`);
}
