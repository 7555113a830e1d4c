/**
 * Spanish texts of the barcode scanner of src/ui/scanner (picking and the rider's load-out).
 * Read them with `t(…)`; the English twin is ../en/scanner.ts.
 */
import { addSpanish } from '../loaded';

export const scannerMessages = {
  scanner: {
    manualLabel: 'Código',
    manualPlaceholder: 'Escribe o escanea el código',
    manualSubmit: 'Aceptar',
    manualHelp: 'Con un lector USB o Bluetooth puedes escanear sin tocar la pantalla.',
    startCamera: 'Usar la cámara',
    stopCamera: 'Parar la cámara',
    starting: 'Abriendo la cámara…',
    scanning: 'Apunta la cámara al código',
    torchOn: 'Encender la linterna',
    torchOff: 'Apagar la linterna',
    read: 'Leído: {code}',
    regionLabel: 'Vista de la cámara',
    errors: {
      denied: 'No hay permiso para usar la cámara. Permítelo en los ajustes del navegador o escribe el código a mano.',
      absent: 'Este dispositivo no tiene cámara disponible. Escribe el código a mano o usa un lector.',
      busy: 'La cámara está ocupada por otra aplicación. Ciérrala o escribe el código a mano.',
      insecure: 'La cámara solo funciona en una conexión segura (https). Escribe el código a mano.',
      unavailable: 'No se ha podido abrir la cámara ({detail}). Escribe el código a mano.',
      load: 'No se ha podido cargar el lector de la cámara. Escribe el código a mano.',
    },
  },
} as const;

addSpanish(scannerMessages);
