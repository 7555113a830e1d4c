/**
 * Spanish names of the statuses of each state machine (src/domain/status/machines.ts), by family:
 * what every badge, filter and status menu shows (`statusText`, ../status.ts). The domain keeps its
 * own Spanish labels for the server's refusals.
 */
export const statusMessages = {
  status: {
    route: {
      draft: 'Borrador',
      planned: 'Planificada',
      picking: 'En picking',
      ready: 'Preparada',
      loaded: 'Cargada',
      in_progress: 'En reparto',
      completed: 'Finalizada',
      cancelled: 'Cancelada',
    },
    order: {
      pending: 'Pendiente',
      planned: 'En ruta',
      picking: 'En picking',
      picked: 'Preparado',
      out_for_delivery: 'En reparto',
      delivered: 'Entregado',
      partially_delivered: 'Entregado en parte',
      failed: 'Entrega fallida',
      returned: 'Devuelto al hub',
      cancelled: 'Cancelado',
    },
    picking: { pending: 'Sin empezar', in_progress: 'En curso', picked: 'Completo', incomplete: 'Incompleto' },
    delivery: { pending: 'Pendiente', delivered: 'Entregado', partial: 'Entrega parcial', failed: 'Fallida' },
    payment: {
      pending: 'Pendiente de cobro',
      collected: 'Cobrado por el rider',
      on_account: 'A cuenta (factura)',
      handed_over: 'Entregado en el hub',
      reconciled: 'Conciliado',
      disputed: 'En disputa',
    },
  },
} as const;
