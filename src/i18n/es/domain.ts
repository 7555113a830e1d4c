/**
 * The domain's messages in Spanish: the table is the domain's own (src/domain/messageTable.ts,
 * from which `DomainMessageKey` is derived); this module puts it in the catalogue. Always loaded:
 * the domain's checks run on every screen (forms, sync refusals).
 */
import { domainMessages } from '../../domain/messageTable';
import { addSpanish } from '../loaded';

export { domainMessages };

addSpanish(domainMessages);
