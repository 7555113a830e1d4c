/**
 * The barcode scanner of the app (issue 12). Import the component from here; the camera
 * module (./camera.ts, with html5-qrcode) is loaded on demand by the component itself.
 */
export { Scanner, type ScannerProps } from './Scanner';
export { SCAN_FORMATS, type ScanFormat, type ScanSource } from './formats';
export { ScanDedupe } from './dedupe';
export { WedgeBuffer, isEditableTarget, type WedgeOptions, type WedgeKey } from './wedge';
export { useKeyboardWedge } from './useKeyboardWedge';
export { cameraFailureOf, type CameraFailure } from './cameraErrors';
