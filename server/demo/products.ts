/** The clients' products, with valid EAN-13 codes. */
import { makeEan13 } from '../../src/domain/barcode';
import type { Product } from '../../src/domain/entities/operation';
import { DAY, pad } from './options';
import { CLIENTS, PRODUCT_TEMPLATES } from './products-data';
import type { DemoState } from './state';

export function buildProducts(ctx: DemoState): void {
  const rng = ctx.rng.fork('products');
  for (const c of CLIENTS) {
    const active: Product[] = [];
    PRODUCT_TEMPLATES[c.key].forEach((t, i) => {
      const sku = `${c.skuPrefix}-${pad(i + 1, 4)}`;
      const product: Product = {
        id: `prd-${sku.toLowerCase()}`,
        name: t.name,
        sku,
        barcode: makeEan13(`84${c.eanCompany}${pad(i + 1, 5)}`),
        client_id: c.id,
        unit: t.unit,
        weight_g: t.weight_g,
        volume_ml: t.volume_ml,
        price_cents: t.price_cents,
        tax_id: t.tax,
        cold: t.cold,
        active: !t.inactive,
        updated_at: ctx.ago(rng.int(5, 200) * DAY + rng.int(0, DAY)),
      };
      ctx.products.push(product);
      ctx.productById.set(product.id, product);
      if (product.active) active.push(product);
    });
    ctx.activeProducts.set(c.key, active);
  }
}
