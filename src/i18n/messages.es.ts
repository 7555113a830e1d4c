/**
 * The Spanish message catalogue. Every text the interface shows lives here; screens read it
 * through `t()` (see `./index.ts`). Keys are grouped by area; `{name}` marks a variable.
 */
import { syncStateMessages } from './es/syncState';
import { intakeMessages } from './es/intake';
import { orderFieldsMessages } from './es/orderFields';
import { orderApiMessages } from './es/orderApi';
import { pickingMessages } from './es/picking';
import { boxScanMessages } from './es/boxScan';
import { paymentsMessages } from './es/payments';
import { settlementMessages } from './es/settlement';
import { reportsMessages } from './es/reports';
import { proofMessages } from './es/proof';
import { noticesMessages } from './es/notices';
import { syncMessages } from './es/sync';
import { deviceMessages } from './es/device';
import { planningMessages } from './es/planning';
import { apiKeysMessages } from './es/apiKeys';
import { dataMessages } from './es/data';
import { domainMessages } from './es/domain';
import { incidencesMessages } from './es/incidences';
import { mainMessages } from './es/main';
import { statusMessages } from './es/status';
import { trackingMessages } from './es/tracking';
import { serverMessages } from './es/server';

export const es = {
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
} as const;

export type Catalogue = typeof es;

