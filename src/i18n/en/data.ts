/** English messages of the data layer's writes and actions (the Spanish ones are ../es/data.ts). Same keys, same {variables}. */
import type { dataMessages as es } from '../es/data';
import type { Shape } from '../shape';

export const dataMessages: Shape<typeof es> = {
  data: {
    notFound: '{what} “{id}” does not exist',
    readOnly: 'This record cannot be changed: record a new one',
    routeTransition: 'The route cannot go from “{from}” to “{to}”',
    cancelReason: 'Enter the reason for the cancellation (at least 3 characters)',
    saveFailed: 'Could not save',
    badArgs: 'Invalid data: {problems}',
    roleRefused: 'Your role ({role}) cannot do this',
    loadOutNote: 'Loading at the hub: {expected} expected, {received} received',
    duplicateId: '{what} with that identifier already exists',
    otherUser: 'This device holds data of {name}. That person must sign out before someone else signs in.',
    sync: {
      offline: 'No connection to the server: changes are saved on the device and will be sent when the connection is back',
      failed: 'Could not sync; it will be retried',
    },
    signOut: {
      pendingOne: 'There is 1 change not yet sent to the server. Go online and wait for it to sync before signing out, or it would be lost.',
      pendingMany: '{n, plural, one {There is # change} other {There are # changes}} not yet sent to the server. Go online and wait for them to sync before signing out, or they would be lost.',
      uploadsOne: 'There is 1 file (signatures or photos) not yet uploaded. Go online and wait for it to upload before signing out.',
      uploadsMany: '{n, plural, one {There is # file} other {There are # files}} (signatures or photos) not yet uploaded. Go online and wait for them to upload before signing out.',
      stillSyncing: 'Changes are still syncing. Wait a few seconds and try again.',
    },
    upload: {
      offline: 'No connection to the server',
      serverError: 'The server answered {status}; it will be retried',
      limited: 'The server asks to wait (upload limit); the file stays on the device and will be retried',
      conflict: 'There is already a different file with that name on the server',
      tooLarge: 'The file is too large',
      badType: 'File type not supported',
      forbidden: 'You are not allowed to upload this file',
      refused: 'The server refused the file ({status})',
      sessionExpired: 'Your session has expired: sign in to upload the file',
    },
  },
};
