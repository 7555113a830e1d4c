/** English texts of the embedded server's answers (the Spanish ones are ../es/server.ts). Same keys, same {variables}. */
import type { serverMessages as es } from '../es/server';
import type { Shape } from '../shape';

export const serverMessages: Shape<typeof es> = {
  server: {
    request: {
      unsupportedType: 'Content type not accepted',
      tooLarge: 'The request is too large',
      badJson: 'Invalid request: the body is not valid JSON',
      emptyJson: 'Invalid request: the JSON body is empty',
      bad: 'Invalid request',
      internal: 'Internal server error; please try again',
    },
    sync: {
      unknownCollection: 'There is no collection “{name}”',
      badCheckpoint: 'The “checkpoint” parameter must be a sequence number',
      badLimit: 'The “limit” parameter must be a whole number from 1 to {max}',
      badPush: 'The request must be a list (at most {max}) of { assumedMasterState, newDocumentState }; {detail}',
    },
    files: {
      uploadRate: 'You uploaded {count, plural, one {# file} other {# files}} in one minute, the most allowed: the file stays on the device and will be sent by itself shortly',
      uploadQuota: 'You reached the 24-hour upload limit ({count, plural, one {# file} other {# files}} or {size}): the file stays on the device and will be sent later',
      badPath: 'Invalid file path: deliveries|incidences/<user>/<id>.png|jpg|webp',
      forbidden: 'You can only reach your own files',
      empty: 'The file is empty',
    },
  },
};
