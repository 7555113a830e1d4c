/**
 * Spanish texts of the box labels read by the rider (issue 12): at the hub's load-out and at a
 * stop. Spread into the catalogue by ../messages.es.ts; read them with `t('boxScan.…')`.
 */
export const boxScanMessages = {
  boxScan: {
    loadTitle: 'Cajas de la ruta',
    loadHelp: 'Escanea la etiqueta de cada caja al cargarla en la bici; los códigos de producto suman una unidad.',
    fieldLabel: 'Etiqueta de caja o código de producto',
    stopTitle: 'Comprobar una caja',
    stopHelp: 'Escanea la etiqueta de una caja para saber de qué pedido es.',
    stopFieldLabel: 'Etiqueta de caja',
    loadedCount: 'Cajas cargadas: {done} de {total}',
    boxRow: 'Parada {seq} · Pedido {order} · Caja {box} de {of}',
    boxLoaded: 'Cargada',
    boxPending: 'Por cargar',
    missingBoxes: '{n, plural, one {Falta # caja} other {Faltan # cajas}} por escanear. Compruébalas antes de confirmar la carga.',
    allLoaded: 'Todas las cajas de la ruta están escaneadas.',
    noLabels: 'Los pedidos de esta ruta aún no están en el dispositivo: espera a que se sincronice.',
    loaded: 'Caja {box} de {of} del pedido {order} (parada {seq}): cargada.',
    again: 'La caja {box} de {of} del pedido {order} ya estaba escaneada.',
    otherRoute: 'La etiqueta {code} es de un pedido ({orderId}) que no va en esta ruta: deja esa caja en el hub.',
    noSuchBox: 'La etiqueta {code} dice caja {box} de {read}, pero el pedido {order} lleva {of, plural, one {# caja} other {# cajas}} en esta ruta: revisa la etiqueta.',
    badLabel: 'El código {code} no es una etiqueta de caja válida: escanéala de nuevo o escribe el código que aparece bajo las barras.',
    here: 'Caja {box} de {of}: pedido {order}, de esta parada.',
    hereUnknown: 'Caja {box} de {of}: pedido {orderId}, de esta parada (aún sin datos en el dispositivo).',
    deliver: 'Entregar el pedido {order}',
    otherStop: 'La etiqueta {code} es de la parada {seq} de esta ruta, no de esta: no la entregues aquí.',
    stopOtherRoute: 'La etiqueta {code} es de un pedido ({orderId}) que no va en esta ruta: no la entregues.',
    notLabel: 'El código {code} no es una etiqueta de caja: escanea la etiqueta pegada en la caja.',
  },
} as const;
