/**
 * The domain's messages in Spanish: the table is the domain's own (src/domain/messageTable.ts,
 * from which `DomainMessageKey` is derived); this module puts it in the catalogue.
 */
export { domainMessages } from '../../domain/messageTable';
