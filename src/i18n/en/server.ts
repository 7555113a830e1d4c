/** English texts of the embedded server's answers (the Spanish ones are ../es/server.ts). Same keys, same {variables}. */
import type { serverMessages as es } from '../es/server';
import type { Shape } from '../shape';

export const serverMessages: Shape<typeof es> = {
  server: {
    auth: {
      busy: 'The server is busy; try again in a moment',
      invalidSession: 'Invalid session: sign in again',
      tokenExpired: 'The session has expired',
      sessionEnded: 'The session has ended: sign in again',
      noToken: 'No session: sign in',
      inactive: 'Your user does not exist or is deactivated',
      tooManyAttempts: 'Too many attempts. Wait {wait} and try again',
      wrongCredentials: 'Wrong e-mail or password',
      deactivated: 'Your user is deactivated. Talk to an administrator',
      refreshExpired: 'The session has expired: sign in again',
      tooManyResets: 'Too many password-change requests. Wait {wait} and try again',
      invalidReset: 'The link to change the password is not valid or has expired. Ask for another',
      wrongCurrentPassword: 'The current password is not correct',
      adminsOnly: 'Only administrators can see this',
      noUser: 'There is no active user with that id',
      emailInUse: 'The e-mail “{email}” already belongs to another user',
      emailRequired: 'The e-mail is required',
      emailTooLong: 'The e-mail is too long',
      emailInvalid: 'The e-mail address is not valid',
      passwordRequired: 'The password is required',
      passwordTooLong: 'The password is too long',
      passwordTooShort: 'The password needs at least {min, plural, one {# character} other {# characters}}',
      passwordInvalid: 'Invalid password',
      resetSent: 'If the e-mail belongs to a user, we have sent them a link to change the password.',
      resetMailSubject: 'CargoBici: change your password',
      resetMailBody: 'Hello,\n\nTo choose a new password open this link (it expires in one hour):\n{link}\n\nIf you did not ask for it, ignore this message.',
      wrongPassword: 'The password is not correct',
      onlyUserAdmins: 'Only a users administrator can set passwords',
    },
    fileRefs: {
      badPath: 'The file of “{field}” is not valid: it must be {folder}/<user>/<id>.png|jpg|webp',
      otherUploader: 'The file “{path}” was uploaded by another user: you can only link files you uploaded',
      notYours: 'The file “{path}” is not yours: you can only link files you uploaded',
    },
    connections: {
      tooMany: 'Too many connections open from your address; try again in a few seconds',
    },
    notify: {
      optedOutBoolean: 'Invalid request: “opted_out” must be true or false',
    },
    stream: {
      sessionChanged: 'The session changed: connect again',
    },
    data: {
      tooDeep: 'Invalid data in {label}: values nested more than {depth, plural, one {# level} other {# levels}} deep',
      invalid: 'Invalid data in {label}: {problems}',
      assumedTooDeep: 'Invalid data in {label}: the assumed state has values nested more than {depth, plural, one {# level} other {# levels}} deep',
    },
    request: {
      unsupportedType: 'Content type not accepted',
      tooLarge: 'The request is too large',
      badJson: 'Invalid request: the body is not valid JSON',
      emptyJson: 'Invalid request: the JSON body is empty',
      bad: 'Invalid request',
      internal: 'Internal server error; please try again',
    },
    startup: {
      failed: 'CargoBici does not start (DATA_DIR={dir}): {message}',
      smsUrl: 'CB_SMS_URL must be an http:// or https:// URL (got “{raw}”)',
      positiveInteger: '{name} must be a positive whole number (got “{raw}”)',
      limit: '{name} must be a whole number of {unit}, at least {min} (got “{raw}”)',
      milliseconds: 'milliseconds',
      connections: 'connections (0: no limit)',
      port: 'PORT must be a whole number from 1 to 65535 (got “{raw}”)',
      demoSeed: 'DEMO_SEED must be a positive whole number (got “{raw}”)',
      osrmUrl: 'CB_OSRM_URL: {message}',
      demoDataInProduction:
        'This data folder holds the demo data and its accounts (for example admin@cargobici.test, with a public password). Production mode (NODE_ENV=production) does not start with them. Way out: start with a new, empty folder (DATA_DIR=/new/path) and ADMIN_EMAIL and ADMIN_PASSWORD for the first administrator; or, if this folder only held test data, delete it and start again.',
      adminPassword: 'ADMIN_PASSWORD is not valid: {problem}.',
      adminEmail: 'ADMIN_EMAIL is not a valid e-mail address: “{email}”.',
      adminEmailUnused: 'ADMIN_EMAIL ({email}) is not used: the data folder already has users and the first administrator is only created in an empty folder.',
      productionEmpty: 'Production mode with an empty data folder: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first administrator.',
      newerSchema:
        'The database is from a newer version of the server (schema {from}; this version goes up to {target}). Start the newer version or restore a backup.',
    },
    log: {
      listening: 'CargoBici at http://localhost:{port} (data in {dir})',
      stopping: '{signal}: stopping the server',
      noticesPassFailed: 'notices and webhooks: the pass failed',
      resetMailFailed: 'Could not send the e-mail to change the password',
      mailWithoutSmtp: 'E-mail (no SMTP configured) to {to}: {subject}\n{text}',
    },
    refusals: {
      summary: 'More refusals of this user in the same minute (the last one: {reason})',
    },
    rules: {
      orderNotOnRoute: 'The order “{code}” does not belong to the route of {what}',
      pointNotOrders: 'The delivery point of {what} is not that of the order “{code}”',
    },
    sync: {
      unknownCollection: 'There is no collection “{name}”',
      badCheckpoint: 'The “checkpoint” parameter must be a sequence number',
      badLimit: 'The “limit” parameter must be a whole number from 1 to {max}',
      pushWhat: 'the request',
      pushNeedsId: 'Every document sent needs a text “id”',
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
