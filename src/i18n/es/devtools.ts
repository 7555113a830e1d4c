/**
 * Spanish texts of the diagnostic pages (features/devtools and the registry pages of src/routes).
 * Read them with `t(…)`; the English twin is ../en/devtools.ts.
 */
import { addSpanish } from '../loaded';

export const devtoolsMessages = {
  dev: {
    intro: 'Páginas de diagnóstico para desarrollo. Solo las ve el grupo machine-dev-mode.',
    routesIntro: 'Todas las rutas de la aplicación, leídas del registro de rutas.',
    path: 'Ruta',
    title: 'Título',
    layout: 'Diseño',
    access: 'Acceso',
    state: 'Estado',
    built: 'Disponible',
    pending: 'Pendiente (tarea {issue})',
    shell: 'Con menú',
    blankLayout: 'Sin menú',
    public: 'Pública',
    environment: 'Entorno',
    online: 'Conexión',
    serviceWorker: 'Service worker',
    swActive: 'Activo',
    swNone: 'No registrado',
    userAgent: 'Navegador',
    formats: 'Formatos es-ES',
    sampleDate: 'Fecha de ejemplo',
    sampleMoney: 'Importe de ejemplo',
    labIntro: 'Banco de pruebas: firma y cálculo del cobro sobre un pedido real del dispositivo. No se registra nada.',
    labPng: 'Imagen PNG de la firma, tal como se subiría',
    noSynlab: 'No hay cliente Synlab en este dispositivo.',
    synlabCount: '{n, plural, one {# pedido} other {# pedidos}} de Synlab el {date}',
  },
  scanLab: {
    title: 'Cámara y lector de códigos',
    intro: 'Prueba el escáner de la app: cámara, lector USB o Bluetooth y código escrito a mano.',
    last: 'Última lectura',
    none: 'Aún no se ha leído nada.',
    source: 'Origen',
    sources: { camera: 'Cámara', wedge: 'Lector', manual: 'A mano' },
    kind: 'Tipo',
    kinds: { 'box-label': 'Etiqueta de caja', gtin: 'Código de producto (GTIN)', text: 'Otro código' },
    count: 'Lecturas',
  },
} as const;

addSpanish(devtoolsMessages);
