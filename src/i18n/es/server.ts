/**
 * Spanish texts of the embedded server's own answers (issue 30 §4): the server answers
 * `{ error, message, key, vars? }` with `message` worded from here (server/answers.ts), so a
 * device can word `key` in its own language. Spread into the catalogue by ../messages.es.ts.
 */
import { addSpanish } from '../loaded';

export const serverMessages = {
  server: {
    auth: {
      busy: 'El servidor está ocupado; vuelve a intentarlo en un momento',
      invalidSession: 'Sesión no válida: vuelve a iniciar sesión',
      tokenExpired: 'La sesión ha caducado',
      sessionEnded: 'La sesión ha terminado: vuelve a iniciar sesión',
      noToken: 'Falta la sesión: inicia sesión',
      inactive: 'Tu usuario no existe o está desactivado',
      tooManyAttempts: 'Demasiados intentos. Espera {wait} y vuelve a probar',
      wrongCredentials: 'Correo o contraseña incorrectos',
      deactivated: 'Tu usuario está desactivado. Habla con un administrador',
      refreshExpired: 'La sesión ha caducado: vuelve a iniciar sesión',
      tooManyResets: 'Demasiadas peticiones para cambiar la contraseña. Espera {wait} y vuelve a probar',
      invalidReset: 'El enlace para cambiar la contraseña no es válido o ha caducado. Pide otro',
      wrongCurrentPassword: 'La contraseña actual no es correcta',
      adminsOnly: 'Solo los administradores pueden ver esto',
      noUser: 'No existe un usuario activo con ese id',
      emailInUse: 'El correo «{email}» ya es el de otro usuario',
      emailRequired: 'El correo es obligatorio',
      emailTooLong: 'El correo es demasiado largo',
      emailInvalid: 'El correo electrónico no es válido',
      passwordRequired: 'La contraseña es obligatoria',
      passwordTooLong: 'La contraseña es demasiado larga',
      passwordTooShort: 'La contraseña necesita al menos {min, plural, one {# carácter} other {# caracteres}}',
      passwordInvalid: 'Contraseña no válida',
      resetSent: 'Si el correo corresponde a un usuario, le hemos enviado un enlace para cambiar la contraseña.',
      resetMailSubject: 'CargoBici: cambia tu contraseña',
      resetMailBody: 'Hola:\n\nPara elegir una contraseña nueva abre este enlace (caduca en una hora):\n{link}\n\nSi no lo has pedido tú, ignora este mensaje.',
      wrongPassword: 'La contraseña no es correcta',
      onlyUserAdmins: 'Solo un administrador de usuarios puede fijar contraseñas',
    },
    fileRefs: {
      badPath: 'El fichero de «{field}» no es válido: debe ser {folder}/<usuario>/<id>.png|jpg|webp',
      otherUploader: 'El fichero «{path}» lo subió otro usuario: solo puedes enlazar ficheros que has subido tú',
      notYours: 'El fichero «{path}» no es tuyo: solo puedes enlazar ficheros que has subido tú',
    },
    connections: {
      tooMany: 'Demasiadas conexiones abiertas desde tu dirección; vuelve a intentarlo en unos segundos',
    },
    notify: {
      optedOutBoolean: 'Petición no válida: «opted_out» debe ser verdadero o falso',
    },
    stream: {
      sessionChanged: 'La sesión ha cambiado: vuelve a conectar',
    },
    data: {
      tooDeep: 'Datos no válidos en {label}: hay valores anidados a más de {depth, plural, one {# nivel} other {# niveles}}',
      invalid: 'Datos no válidos en {label}: {problems}',
      assumedTooDeep: 'Datos no válidos en {label}: el estado de partida tiene valores anidados a más de {depth, plural, one {# nivel} other {# niveles}}',
    },
    request: {
      unsupportedType: 'Tipo de contenido no admitido',
      tooLarge: 'El envío es demasiado grande',
      badJson: 'Petición no válida: el cuerpo no es un JSON válido',
      emptyJson: 'Petición no válida: el cuerpo JSON está vacío',
      bad: 'Petición no válida',
      internal: 'Error interno del servidor; inténtalo de nuevo',
    },
    /** Why the server does not start (server/config.ts, seed.ts, migrations.ts; printed by main.ts). */
    startup: {
      failed: 'CargoBici no arranca (DATA_DIR={dir}): {message}',
      smsUrl: 'CB_SMS_URL debe ser una URL http:// o https:// (recibido: «{raw}»)',
      positiveInteger: '{name} debe ser un número entero positivo (recibido: «{raw}»)',
      limit: '{name} debe ser un número entero de {unit}, al menos {min} (recibido: «{raw}»)',
      milliseconds: 'milisegundos',
      connections: 'conexiones (0: sin límite)',
      port: 'PORT debe ser un número entero entre 1 y 65535 (recibido: «{raw}»)',
      demoSeed: 'DEMO_SEED debe ser un entero positivo (recibido: «{raw}»)',
      osrmUrl: 'CB_OSRM_URL: {message}',
      demoDataInProduction:
        'Esta carpeta de datos tiene los datos de demostración y sus cuentas (por ejemplo admin@cargobici.test, con una contraseña pública). El modo producción (NODE_ENV=production) no arranca con ellos. Salida: arranca con una carpeta nueva y vacía (DATA_DIR=/ruta/nueva) y ADMIN_EMAIL y ADMIN_PASSWORD para el primer administrador; o, si esta carpeta solo tenía datos de prueba, bórrala y vuelve a arrancar.',
      adminPassword: 'ADMIN_PASSWORD no es válida: {problem}.',
      adminEmail: 'ADMIN_EMAIL no es un correo válido: «{email}».',
      adminEmailUnused: 'ADMIN_EMAIL ({email}) no se usa: la carpeta de datos ya tiene usuarios y el primer administrador solo se crea en una carpeta vacía.',
      productionEmpty: 'Modo producción con una carpeta de datos vacía: define ADMIN_EMAIL y ADMIN_PASSWORD para crear el primer administrador.',
      newerSchema:
        'La base de datos es de una versión más nueva del servidor (esquema {from}; esta versión llega al {target}). Arranca la versión más nueva o restaura una copia.',
    },
    /** The server's log lines. */
    log: {
      listening: 'CargoBici en http://localhost:{port} (datos en {dir})',
      stopping: '{signal}: cerrando el servidor',
      noticesPassFailed: 'avisos y webhooks: la pasada falló',
      resetMailFailed: 'No se pudo enviar el correo para cambiar la contraseña',
      mailWithoutSmtp: 'Correo (sin SMTP configurado) para {to}: {subject}\n{text}',
    },
    /** What the refusals table records (server/store.ts). */
    refusals: {
      summary: 'Más rechazos de este usuario en el mismo minuto (el último: {reason})',
    },
    /** Why the server's write rules refuse a document (server/rules.ts; {what} is «el registro de entrega»…). */
    rules: {
      orderNotOnRoute: 'El pedido «{code}» no pertenece a la ruta de {what}',
      pointNotOrders: 'El punto de entrega de {what} no es el del pedido «{code}»',
    },
    sync: {
      unknownCollection: 'No existe la colección «{name}»',
      badCheckpoint: 'El parámetro «checkpoint» debe ser un número de secuencia',
      badLimit: 'El parámetro «limit» debe ser un entero entre 1 y {max}',
      pushWhat: 'el envío',
      pushNeedsId: 'Cada documento enviado necesita un «id» de texto',
      badPush: 'El envío debe ser una lista (máximo {max}) de { assumedMasterState, newDocumentState }; {detail}',
    },
    files: {
      uploadRate: 'Has subido {count, plural, one {# fichero} other {# ficheros}} en un minuto, el máximo: el fichero se queda en el dispositivo y se enviará solo en un momento',
      uploadQuota: 'Has llegado al límite de subidas de 24 horas ({count, plural, one {# fichero} other {# ficheros}} o {size}): el fichero se queda en el dispositivo y se enviará más tarde',
      badPath: 'Ruta de fichero no válida: deliveries|incidences/<usuario>/<id>.png|jpg|webp',
      forbidden: 'Solo puedes acceder a tus propios ficheros',
      empty: 'El fichero está vacío',
    },
  },
};

addSpanish(serverMessages);
