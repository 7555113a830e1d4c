/** English texts of the configuration page and the roles (features/config) (the Spanish ones are ../es/config.ts). Same keys, same {variables}. */
import type { configMessages as es } from '../es/config';
import type { Shape } from '../shape';

export const configMessages: Shape<typeof es> = {
  config: {
    intro: 'CargoBici settings (administrators only).',
    roles: 'Roles and interface groups',
    taxes: 'Taxes',
    status: 'Statuses',
    synlab: 'External client Synlab',
    conflicts: 'Sync conflicts',
    conflictsIntro: 'Fields that changed at the same time on a device and on the server: the server value was kept.',
    noConflicts: 'No conflicts recorded.',
  },
  roles: {
    name: 'Name',
    baseRole: 'Data permissions of',
    groups: 'Interface groups',
    system: 'System role',
    list: 'Roles',
    create: 'New role',
    id: 'Identifier',
    idHelp: 'Lower-case letters, numbers and hyphens; it cannot be changed later.',
    systemLocked: 'System roles cannot be deleted and their data permissions cannot be changed.',
    what: 'the role',
    idTaken: 'A role with that identifier already exists.',
  },
};
