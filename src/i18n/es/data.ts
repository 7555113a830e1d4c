/** Messages of the data layer's writes and actions (src/data), shown where a write is refused. */
export const dataMessages = {
  data: {
    notFound: 'No existe {what} «{id}»',
    readOnly: 'Este registro no se puede modificar: registra uno nuevo',
    routeTransition: 'No se puede pasar la ruta de «{from}» a «{to}»',
    cancelReason: 'Escribe el motivo de la cancelación (al menos 3 caracteres)',
  },
} as const;
