/**
 * The English message catalogue (issue 15), chosen per device in «Mi perfil»; Spanish stays the
 * default. Its own chunk: loaded by `setLanguage('en')` (./index.ts), never by a Spanish start.
 * Same keys as the Spanish one (`Shape`), in the same order of spreads; the `{variables}` of each
 * text are checked by tests/i18n/catalogues.test.ts.
 */
import { enGB } from 'date-fns/locale/en-GB';
import type { Catalogue } from './messages.es';
import type { Shape } from './shape';
import { syncStateMessages } from './en/syncState';
import { intakeMessages } from './en/intake';
import { orderFieldsMessages } from './en/orderFields';
import { orderApiMessages } from './en/orderApi';
import { pickingMessages } from './en/picking';
import { boxScanMessages } from './en/boxScan';
import { paymentsMessages } from './en/payments';
import { settlementMessages } from './en/settlement';
import { reportsMessages } from './en/reports';
import { proofMessages } from './en/proof';
import { noticesMessages } from './en/notices';
import { syncMessages } from './en/sync';
import { deviceMessages } from './en/device';
import { planningMessages } from './en/planning';
import { apiKeysMessages } from './en/apiKeys';
import { dataMessages } from './en/data';
import { domainMessages } from './en/domain';
import { incidencesMessages } from './en/incidences';
import { mainMessages } from './en/main';
import { statusMessages } from './en/status';
import { trackingMessages } from './en/tracking';
import { serverMessages } from './en/server';

export const en: Shape<Catalogue> = {
  ...intakeMessages,
  ...orderFieldsMessages,
  ...deviceMessages,
  ...apiKeysMessages,
  ...dataMessages,
  ...domainMessages,
  ...mainMessages,
  ...syncStateMessages,
  ...pickingMessages,
  ...boxScanMessages,
  ...paymentsMessages,
  ...settlementMessages,
  ...reportsMessages,
  ...proofMessages,
  ...noticesMessages,
  ...syncMessages,
  ...orderApiMessages,
  ...planningMessages,
  ...incidencesMessages,
  ...statusMessages,
  ...trackingMessages,
  ...serverMessages,
};

/** Month and day names of dates in English (../i18n/dates.ts). */
export const enDates = enGB;
