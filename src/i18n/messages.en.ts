/**
 * The English message catalogue (issue 15), chosen per device in «Mi perfil»; Spanish stays the
 * default. One chunk with every feature's English texts: loaded by `setLanguage('en')`
 * (./index.ts), never by a Spanish start (the Spanish catalogue is split per feature instead; an
 * English device downloads this chunk once). Same keys as the Spanish one (`Shape`); the
 * `{variables}` of each text are checked by tests/i18n/catalogues.test.ts.
 */
import { enGB } from 'date-fns/locale/en-GB';
import type { Catalogue } from './messages.es';
import type { Shape } from './shape';
import { apiKeysMessages } from './en/apiKeys';
import { authMessages } from './en/auth';
import { configMessages } from './en/config';
import { dataMessages } from './en/data';
import { deliveryMessages } from './en/delivery';
import { deviceMessages } from './en/device';
import { devtoolsMessages } from './en/devtools';
import { domainMessages } from './en/domain';
import { homeMessages } from './en/home';
import { incidencesMessages } from './en/incidences';
import { intakeMessages } from './en/intake';
import { masterdataMessages } from './en/masterdata';
import { notifyMessages } from './en/notify';
import { orderApiMessages } from './en/orderApi';
import { orderFieldsMessages } from './en/orderFields';
import { ordersMessages } from './en/orders';
import { paymentsMessages } from './en/payments';
import { pickingMessages } from './en/picking';
import { planningMessages } from './en/planning';
import { pointsMessages } from './en/points';
import { proofMessages } from './en/proof';
import { reportsMessages } from './en/reports';
import { scannerMessages } from './en/scanner';
import { serverMessages } from './en/server';
import { sharedMessages } from './en/shared';
import { statusMessages } from './en/status';
import { syncMessages } from './en/sync';
import { syncStateMessages } from './en/syncState';
import { trackingMessages } from './en/tracking';
import { usersMessages } from './en/users';

export const en: Shape<Catalogue> = {
  ...apiKeysMessages,
  ...authMessages,
  ...configMessages,
  ...dataMessages,
  ...deliveryMessages,
  ...deviceMessages,
  ...devtoolsMessages,
  ...domainMessages,
  ...homeMessages,
  ...incidencesMessages,
  ...intakeMessages,
  ...masterdataMessages,
  ...notifyMessages,
  ...orderApiMessages,
  ...orderFieldsMessages,
  ...ordersMessages,
  ...paymentsMessages,
  ...pickingMessages,
  ...planningMessages,
  ...pointsMessages,
  ...proofMessages,
  ...reportsMessages,
  ...scannerMessages,
  ...serverMessages,
  ...sharedMessages,
  ...statusMessages,
  ...syncMessages,
  ...syncStateMessages,
  ...trackingMessages,
  ...usersMessages,
};

/** Month and day names of dates in English (../i18n/dates.ts). */
export const enDates = enGB;
