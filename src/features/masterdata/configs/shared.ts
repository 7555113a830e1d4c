/** What the master-data configs share. */
import { t, type MessageKey } from '../../../i18n';

export const label = (key: MessageKey) => t(key);
export const noRefs = () => null;
