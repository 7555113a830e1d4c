/**
 * Spanish texts of payments and the hub's cash reconciliation (issue 13). Spread into the
 * catalogue by messages.es.ts; read them with `t('payments.…')`.
 */
export const paymentsMessages = {
  payments: {
    errors: {
      operatorOnly: 'Solo un operador registra y concilia las entregas de efectivo',
      adminOnly: 'Una entrega conciliada solo la cambia un administrador',
      noRoute: 'El rider no tiene ruta el {date}: la entrega de efectivo se registra con su ruta del día',
      handoverNotFound: 'No existe la entrega de efectivo «{id}»',
    },
  },
} as const;
