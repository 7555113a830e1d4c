/** Symbologies the scanner reads (issue 12): products (EAN-13, EAN-8, UPC-A), box labels (Code 128) and QR. */
export const SCAN_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'code_128', 'qr_code'] as const;
export type ScanFormat = (typeof SCAN_FORMATS)[number];

/** Where a code came from. */
export type ScanSource = 'camera' | 'wedge' | 'manual';
