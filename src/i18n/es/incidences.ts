/**
 * Spanish texts of the incidence follow-up (issue 13) on /incidence-all-delivered. Spread into
 * the catalogue by messages.es.ts.
 */
export const incidencesMessages = {
  incidences: {
    followUp: {
      state: 'Seguimiento',
      assignee: 'Responsable',
      nobody: 'Sin asignar',
      open: 'Seguimiento de la incidencia {what}',
      openButton: 'Seguimiento',
      openLabel: 'Abrir el seguimiento de la incidencia de {order}',
      current: 'Estado: {state}',
      currentAssignee: 'Responsable: {name}',
      history: 'Historial',
      noHistory: 'Aún sin cambios: la incidencia está abierta.',
      step: '{at} · {by}: {from} → {to}',
      stepSame: '{at} · {by}: nota ({state})',
      stepAssignee: 'Responsable: {name}',
      notApplied: 'No aplicado: otro cambio llegó antes',
      to: 'Nuevo estado',
      keep: '{state} (sin cambiar el estado)',
      note: 'Nota o resolución',
      noteHelp: 'Qué se ha hecho o decidido; queda en el historial.',
      save: 'Guardar seguimiento',
      redelivery: 'Crear un pedido de reentrega',
      redeliveryHelp: 'Un pedido nuevo con el producto de la incidencia, sin ruta, para el día que elijas: aparece entre los pedidos sin planificar de ese día.',
      redeliveryDate: 'Día de la reentrega',
      redeliveryNotes: 'Reentrega del pedido {code}',
      redeliveryMade: 'Reentrega: pedido {code} para el {date}',
      saved: 'Seguimiento guardado',
      filter: 'Seguimiento',
      states: {
        open: 'Abierta',
        in_review: 'En revisión',
        resolved: 'Resuelta',
        credited: 'Abonada',
      },
      errors: {
        role: 'Solo un operador o un administrador hace el seguimiento de las incidencias',
        transition: 'Ese cambio de estado no está permitido desde el estado actual',
        note: 'La nota tiene como máximo 500 caracteres',
        empty: 'Escribe una nota o cambia el responsable (o el estado)',
        redeliveryOnlyResolving: 'Una reentrega se crea al resolver la incidencia',
        redeliveryNoOrder: 'El pedido «{id}» de la incidencia no está en este dispositivo',
        redelivery_date: 'Día de la reentrega: elige un día posterior al del pedido ({date}) y no anterior a hoy',
        redelivery_product: 'El producto de la incidencia no está en el pedido: no se puede crear la reentrega',
      },
    },
  },
} as const;
