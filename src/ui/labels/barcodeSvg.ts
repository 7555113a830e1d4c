/**
 * Code 128 barcodes as SVG, with bwip-js (loaded on demand: only the label screens need it, and
 * only its Code 128 encoder is bundled). The SVG is vector, so labels print sharp at any size.
 */
export async function code128Svg(text: string, opts: { heightMm?: number; moduleScale?: number } = {}): Promise<string> {
  const { code128, drawingSVG } = await import('bwip-js/browser');
  return code128(
    {
      bcid: 'code128',
      text,
      height: opts.heightMm ?? 15,
      scale: opts.moduleScale ?? 3,
      includetext: false,
      paddingwidth: 10,
      paddingheight: 2,
      backgroundcolor: 'FFFFFF',
    },
    drawingSVG(),
  );
}

/** An SVG as a data URL for an <img> (so the barcode has alt text and never runs as markup). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
