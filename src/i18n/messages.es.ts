/**
 * The whole Spanish message catalogue: every file of ./es, one per feature (named as its folder in
 * src/features) plus the shared ones (the shell's words, the data layer's, the domain's table, the
 * server's…). Importing this module loads them all — the server, the workers that need them and
 * the tests do; the app loads the shared ones at start (./index.ts) and each feature's with its
 * screens. `Catalogue` (the type `MessageKey` is read from) is this object's type.
 */
import { apiKeysMessages } from './es/apiKeys';
import { authMessages } from './es/auth';
import { configMessages } from './es/config';
import { dataMessages } from './es/data';
import { deliveryMessages } from './es/delivery';
import { deviceMessages } from './es/device';
import { devtoolsMessages } from './es/devtools';
import { domainMessages } from './es/domain';
import { homeMessages } from './es/home';
import { incidencesMessages } from './es/incidences';
import { intakeMessages } from './es/intake';
import { masterdataMessages } from './es/masterdata';
import { notifyMessages } from './es/notify';
import { orderApiMessages } from './es/orderApi';
import { orderFieldsMessages } from './es/orderFields';
import { ordersMessages } from './es/orders';
import { paymentsMessages } from './es/payments';
import { pickingMessages } from './es/picking';
import { planningMessages } from './es/planning';
import { pointsMessages } from './es/points';
import { proofMessages } from './es/proof';
import { reportsMessages } from './es/reports';
import { scannerMessages } from './es/scanner';
import { serverMessages } from './es/server';
import { sharedMessages } from './es/shared';
import { statusMessages } from './es/status';
import { syncMessages } from './es/sync';
import { syncStateMessages } from './es/syncState';
import { trackingMessages } from './es/tracking';
import { usersMessages } from './es/users';

export const es = {
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
} as const;

export type Catalogue = typeof es;
