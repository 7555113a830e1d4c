/**
 * Spanish texts of the embedded server's own answers (issue 30 §4): the server answers
 * `{ error, message, key, vars? }` with `message` worded from here (server/answers.ts), so a
 * device can word `key` in its own language. Spread into the catalogue by ../messages.es.ts.
 */
export const serverMessages = {
  server: {
    request: {
      unsupportedType: 'Tipo de contenido no admitido',
      tooLarge: 'El envío es demasiado grande',
      badJson: 'Petición no válida: el cuerpo no es un JSON válido',
      emptyJson: 'Petición no válida: el cuerpo JSON está vacío',
      bad: 'Petición no válida',
      internal: 'Error interno del servidor; inténtalo de nuevo',
    },
    sync: {
      unknownCollection: 'No existe la colección «{name}»',
      badCheckpoint: 'El parámetro «checkpoint» debe ser un número de secuencia',
      badLimit: 'El parámetro «limit» debe ser un entero entre 1 y {max}',
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
