/** Printable box labels with Code 128 barcodes (issue 12). */
export { BoxLabels, BoxLabelCard } from './BoxLabels';
export { code128Svg, svgDataUrl } from './barcodeSvg';
