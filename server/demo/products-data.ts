/**
 * The demo product catalogue of the three clients. Brand names are those of the clients' real
 * ranges; sizes, weights and prices are plausible, not real price lists. Prices are in cents,
 * before IVA.
 *
 * IVA (Spain): basic milk and common bread 4 %; other food and drinks, water included, 10 %;
 * laboratory material 21 %.
 */

export type ClientKey = 'pascual' | 'bimbo' | 'synlab';
export type TaxId = 'iva-21' | 'iva-10' | 'iva-4';
export type ProductUnit = 'ud' | 'caja' | 'pack' | 'kg' | 'l';

export interface ProductTemplate {
  readonly name: string;
  readonly unit: ProductUnit;
  readonly weight_g: number;
  readonly volume_ml: number;
  readonly price_cents: number;
  readonly tax: TaxId;
  readonly cold: boolean;
  /** Discontinued: kept for history, never ordered. */
  readonly inactive?: boolean;
}

type Row = readonly [name: string, unit: ProductUnit, weight_g: number, volume_ml: number, price_cents: number, tax: TaxId, cold: boolean, inactive?: boolean];
const rows = (list: readonly Row[]): ProductTemplate[] =>
  list.map(([name, unit, weight_g, volume_ml, price_cents, tax, cold, inactive]) => ({
    name,
    unit,
    weight_g,
    volume_ml,
    price_cents,
    tax,
    cold,
    ...(inactive ? { inactive } : {}),
  }));

export interface ClientDef {
  readonly key: ClientKey;
  readonly id: string;
  readonly name: string;
  /** Prefix of the client's SKUs. */
  readonly skuPrefix: string;
  /** Prefix of order references in the client's system. */
  readonly refPrefix: string;
  /** Five digits after «84» of the client's (invented) EAN-13 company prefix. */
  readonly eanCompany: string;
  /** Letter and seven digits of its CIF (the control character is computed). */
  readonly cifBody: string;
  readonly contactEmail: string;
  readonly phone: string;
  readonly paymentTerms: 'cash' | 'card' | 'transfer' | 'on_account';
  /** Weights of the payment methods of its orders. */
  readonly paymentMix: readonly (readonly ['cash' | 'card' | 'on_account', number])[];
  readonly notes: string;
}

export const CLIENTS: readonly ClientDef[] = [
  {
    key: 'pascual',
    id: 'client-pascual',
    name: 'Qualianza (Calidad Pascual)',
    skuPrefix: 'PAS',
    refPrefix: 'QLZ',
    eanCompany: '21700',
    cifBody: 'A0914562',
    contactEmail: 'logistica@qualianza.test',
    phone: '+34 947 54 60 00',
    paymentTerms: 'cash',
    paymentMix: [
      ['cash', 45],
      ['card', 30],
      ['on_account', 25],
    ],
    notes: 'Lácteos, bebidas vegetales, agua Bezoya y café Mocay para hostelería y comercio de proximidad.',
  },
  {
    key: 'bimbo',
    id: 'client-bimbo',
    name: 'Bimbo',
    skuPrefix: 'BIM',
    refPrefix: 'BIM',
    eanCompany: '21800',
    cifBody: 'A2831740',
    contactEmail: 'pedidos@bimbo.test',
    phone: '+34 935 60 51 00',
    paymentTerms: 'cash',
    paymentMix: [
      ['cash', 50],
      ['card', 30],
      ['on_account', 20],
    ],
    notes: 'Pan de molde, panecillos y bollería. Reparto a primera hora.',
  },
  {
    key: 'synlab',
    id: 'client-synlab',
    name: 'Synlab Diagnósticos',
    skuPrefix: 'SYN',
    refPrefix: 'SYN',
    eanCompany: '21900',
    cifBody: 'A6052839',
    contactEmail: 'operaciones@synlab.test',
    phone: '+34 900 82 10 10',
    paymentTerms: 'on_account',
    paymentMix: [['on_account', 100]],
    notes: 'Material de extracción y transporte de muestras para centros médicos y puntos de extracción. Facturación mensual.',
  },
];

export const PRODUCT_TEMPLATES: Readonly<Record<ClientKey, readonly ProductTemplate[]>> = {
  pascual: rows([
    ['Leche Pascual Clásica entera 1 L', 'ud', 1030, 1000, 129, 'iva-4', false],
    ['Leche Pascual Clásica semidesnatada 1 L', 'ud', 1030, 1000, 125, 'iva-4', false],
    ['Leche Pascual Clásica desnatada 1 L', 'ud', 1030, 1000, 122, 'iva-4', false],
    ['Leche Pascual Sin Lactosa semidesnatada 1 L', 'ud', 1030, 1000, 149, 'iva-4', false],
    ['Leche Pascual Sin Lactosa desnatada 1 L', 'ud', 1030, 1000, 149, 'iva-4', false],
    ['Leche Pascual Calcio 1 L', 'ud', 1030, 1000, 155, 'iva-4', false],
    ['Leche Pascual Clásica entera 1,5 L', 'ud', 1560, 1500, 189, 'iva-4', false],
    ['Leche Pascual Clásica entera 1 L (caja 6)', 'caja', 6300, 6000, 744, 'iva-4', false],
    ['Leche Pascual Clásica semidesnatada 1 L (caja 6)', 'caja', 6300, 6000, 720, 'iva-4', false],
    ['Leche Pascual Sin Lactosa 1 L (caja 6)', 'caja', 6300, 6000, 870, 'iva-4', false],
    ['Leche Pascual Hostelería entera 1,5 L (caja 6)', 'caja', 9400, 9000, 1080, 'iva-4', false],
    ['Leche fresca Pascual entera 1 L', 'ud', 1040, 1000, 139, 'iva-4', true],
    ['Batido Pascual de cacao 200 ml (pack 3)', 'pack', 640, 600, 189, 'iva-10', false],
    ['Batido Pascual de fresa 200 ml (pack 3)', 'pack', 640, 600, 189, 'iva-10', false],
    ['Batido Pascual de vainilla 200 ml (pack 3)', 'pack', 640, 600, 189, 'iva-10', false, true],
    ['Batido Pascual de cacao sin lactosa 200 ml (pack 3)', 'pack', 640, 600, 209, 'iva-10', false],
    ['Batido Pascual de cacao 1 L', 'ud', 1060, 1000, 219, 'iva-10', false],
    ['Batido Pascual de cacao 200 ml (caja 24)', 'caja', 5100, 4800, 1390, 'iva-10', false],
    ['Agua mineral Bezoya 0,5 L', 'ud', 520, 500, 45, 'iva-10', false],
    ['Agua mineral Bezoya 1,5 L', 'ud', 1540, 1500, 69, 'iva-10', false],
    ['Agua mineral Bezoya 0,5 L (pack 6)', 'pack', 3120, 3000, 249, 'iva-10', false],
    ['Agua mineral Bezoya 1,5 L (pack 6)', 'pack', 9240, 9000, 375, 'iva-10', false],
    ['Agua mineral Bezoya 5 L garrafa', 'ud', 5100, 5000, 149, 'iva-10', false],
    ['Agua mineral Bezoya 0,33 L vidrio (caja 24)', 'caja', 16300, 7920, 1490, 'iva-10', false],
    ['Agua mineral Bezoya 1 L vidrio (caja 12)', 'caja', 19200, 12000, 1680, 'iva-10', false],
    ['Vivesoy bebida de soja original 1 L', 'ud', 1040, 1000, 199, 'iva-10', false],
    ['Vivesoy bebida de soja sin azúcar 1 L', 'ud', 1040, 1000, 199, 'iva-10', false],
    ['Vivesoy bebida de soja con chocolate 1 L', 'ud', 1050, 1000, 219, 'iva-10', false],
    ['Vivesoy bebida de almendra 1 L', 'ud', 1040, 1000, 229, 'iva-10', false],
    ['Vivesoy bebida de avena 1 L', 'ud', 1040, 1000, 209, 'iva-10', false],
    ['Vivesoy bebida de soja 1 L (caja 6)', 'caja', 6240, 6000, 1140, 'iva-10', false],
    ['Vivesoy bebida de avena 1 L (caja 6)', 'caja', 6240, 6000, 1190, 'iva-10', false],
    ['Yogur Pascual natural 125 g (pack 4)', 'pack', 540, 500, 149, 'iva-10', true],
    ['Yogur Pascual de fresa 125 g (pack 4)', 'pack', 540, 500, 159, 'iva-10', true],
    ['Yogur Pascual de macedonia 125 g (pack 4)', 'pack', 540, 500, 159, 'iva-10', true],
    ['Yogur Pascual griego natural 125 g (pack 4)', 'pack', 540, 500, 219, 'iva-10', true],
    ['Yogur Pascual griego con miel 125 g (pack 4)', 'pack', 540, 500, 229, 'iva-10', true],
    ['Yogur Pascual desnatado 0 % 125 g (pack 4)', 'pack', 540, 500, 165, 'iva-10', true],
    ['Pascual Bífidus natural 125 g (pack 4)', 'pack', 540, 500, 189, 'iva-10', true],
    ['Yogur Pascual natural 125 g (caja 24)', 'caja', 3240, 3000, 840, 'iva-10', true],
    ['Mantequilla Pascual 250 g', 'ud', 255, 250, 289, 'iva-10', true],
    ['Mantequilla Pascual monodosis 10 g (caja 100)', 'caja', 1100, 1000, 1490, 'iva-10', true],
    ['Nata Pascual para cocinar 200 ml', 'ud', 210, 200, 119, 'iva-10', false],
    ['Nata Pascual para montar 1 L', 'ud', 1020, 1000, 549, 'iva-10', false],
    ['Zumosol naranja 1 L', 'ud', 1080, 1000, 199, 'iva-10', false],
    ['Zumosol piña 1 L', 'ud', 1080, 1000, 199, 'iva-10', false],
    ['Zumosol melocotón 1 L', 'ud', 1080, 1000, 199, 'iva-10', false],
    ['Zumosol naranja 200 ml (pack 6)', 'pack', 1300, 1200, 239, 'iva-10', false],
    ['Café Mocay natural en grano 1 kg', 'kg', 1020, 2500, 1590, 'iva-10', false],
    ['Café Mocay mezcla molido 250 g', 'ud', 260, 700, 429, 'iva-10', false],
    ['Café Mocay descafeinado monodosis (caja 100)', 'caja', 800, 3000, 2890, 'iva-10', false],
  ]),
  bimbo: rows([
    ['Pan de molde Bimbo Original 460 g', 'ud', 460, 2500, 225, 'iva-10', false],
    ['Pan de molde Bimbo Sin Corteza blanco 450 g', 'ud', 450, 2400, 259, 'iva-10', false],
    ['Pan de molde Bimbo Sin Corteza integral 450 g', 'ud', 450, 2400, 269, 'iva-10', false],
    ['Pan de molde Bimbo 100 % Integral 460 g', 'ud', 460, 2500, 239, 'iva-10', false],
    ['Pan de molde Bimbo Sin Corteza familiar 720 g', 'ud', 720, 3800, 379, 'iva-10', false],
    ['Pan de molde Bimbo Original 460 g (caja 10)', 'caja', 4600, 25000, 2090, 'iva-10', false],
    ['Bimbo Artesano 550 g', 'ud', 550, 2800, 289, 'iva-10', false],
    ['Bimbo Artesano integral 550 g', 'ud', 550, 2800, 299, 'iva-10', false],
    ['Silueta pan 100 % integral 430 g', 'ud', 430, 2300, 269, 'iva-10', false],
    ['Pan brioche Bimbo 500 g', 'ud', 500, 2500, 299, 'iva-10', false],
    ['Sándwich Bimbo Hostelería blanco 1 kg', 'ud', 1000, 5000, 449, 'iva-10', false],
    ['Sándwich Bimbo Hostelería sin corteza 1 kg', 'ud', 1000, 5000, 479, 'iva-10', false],
    ['Panecillos Bimbo Hot Dog (6 uds)', 'pack', 330, 2200, 189, 'iva-10', false],
    ['Panecillos Bimbo Hamburguesa (4 uds)', 'pack', 300, 2400, 189, 'iva-10', false],
    ['Panecillos Bimbo Hamburguesa XXL (caja 24)', 'caja', 2300, 15000, 1290, 'iva-10', false],
    ['Panecillos Bimbo Hot Dog (caja 36)', 'caja', 2000, 13000, 1190, 'iva-10', false],
    ['Tortillas de trigo Bimbo Wraps (8 uds)', 'pack', 320, 900, 199, 'iva-10', false],
    ['Tostadas Ortiz clásicas 270 g', 'ud', 270, 1500, 229, 'iva-10', false],
    ['Tostadas Ortiz integrales 270 g', 'ud', 270, 1500, 239, 'iva-10', false],
    ['Tostadas Ortiz monodosis (caja 120)', 'caja', 1200, 8000, 1990, 'iva-10', false],
    ['Donettes clásicos (4 uds)', 'pack', 72, 300, 99, 'iva-10', false],
    ['Donettes rayados (4 uds)', 'pack', 72, 300, 99, 'iva-10', false],
    ['Donettes clásicos (caja 24 bolsas)', 'caja', 2100, 9000, 1790, 'iva-10', false],
    ['Donuts Original (4 uds)', 'pack', 208, 1200, 249, 'iva-10', false],
    ['Donuts Bombón (4 uds)', 'pack', 220, 1200, 279, 'iva-10', false],
    ['Donuts Azúcar (4 uds)', 'pack', 208, 1200, 249, 'iva-10', false],
    ['Donuts Original individual (caja 24)', 'caja', 1300, 7000, 1490, 'iva-10', false],
    ['Bollycao cacao (3 uds)', 'pack', 180, 900, 199, 'iva-10', false],
    ['Bollycao leche (3 uds)', 'pack', 180, 900, 199, 'iva-10', false],
    ['Bollycao cacao (caja 24)', 'caja', 1500, 7000, 1390, 'iva-10', false],
    ['Magdalenas Panrico (12 uds)', 'pack', 400, 2000, 219, 'iva-10', false],
    ['Palmeras de chocolate Panrico (4 uds)', 'pack', 200, 900, 249, 'iva-10', false, true],
    ['Cruasanes Panrico (6 uds)', 'pack', 300, 2000, 259, 'iva-10', false],
    ['Barra de pan rústico Bimbo 250 g', 'ud', 250, 1500, 99, 'iva-4', false],
    ['Chapata precocida congelada (caja 20)', 'caja', 2400, 20000, 990, 'iva-4', true],
    ['Barra de pan precocida congelada (caja 30)', 'caja', 7500, 40000, 1190, 'iva-4', true],
  ]),
  synlab: rows([
    ['Tubo EDTA K2 4 ml tapón lila (caja 100)', 'caja', 900, 2500, 1890, 'iva-21', false],
    ['Tubo de suero con gel 5 ml tapón amarillo (caja 100)', 'caja', 950, 2500, 2090, 'iva-21', false],
    ['Tubo de citrato sódico 2,7 ml tapón azul (caja 100)', 'caja', 850, 2300, 2190, 'iva-21', false],
    ['Tubo de heparina de litio 4 ml tapón verde (caja 100)', 'caja', 900, 2500, 2290, 'iva-21', false],
    ['Tubo VSG 2 ml tapón negro (caja 100)', 'caja', 800, 2200, 1990, 'iva-21', false],
    ['Tubo de glucosa fluoruro 2 ml tapón gris (caja 100)', 'caja', 800, 2200, 2190, 'iva-21', false],
    ['Aguja de extracción múltiple 21G (caja 100)', 'caja', 400, 1500, 1290, 'iva-21', false],
    ['Aguja de extracción múltiple 22G (caja 100)', 'caja', 400, 1500, 1290, 'iva-21', false],
    ['Palomilla de extracción 23G (caja 50)', 'caja', 500, 2000, 2490, 'iva-21', false],
    ['Portatubos desechable (caja 250)', 'caja', 1200, 4000, 1590, 'iva-21', false],
    ['Compresor elástico para extracción', 'ud', 40, 100, 350, 'iva-21', false],
    ['Frasco de orina estéril 100 ml (caja 100)', 'caja', 1500, 12000, 1490, 'iva-21', false],
    ['Tubo de orina al vacío 10 ml (caja 100)', 'caja', 1000, 3000, 1690, 'iva-21', false],
    ['Contenedor de heces con cucharilla 30 ml (caja 100)', 'caja', 900, 6000, 1590, 'iva-21', false],
    ['Hisopo con medio Amies (caja 50)', 'caja', 600, 3000, 2490, 'iva-21', false],
    ['Hisopo con medio de transporte viral (caja 50)', 'caja', 700, 3500, 3990, 'iva-21', false],
    ['Kit de toma de muestra nasofaríngea (caja 25)', 'caja', 500, 2500, 4990, 'iva-21', false],
    ['Kit de extracción de sangre (caja 50)', 'caja', 1500, 6000, 3490, 'iva-21', false],
    ['Kit de extracción a domicilio', 'ud', 300, 1500, 690, 'iva-21', false],
    ['Kit de muestras refrigeradas', 'ud', 900, 3000, 1990, 'iva-21', true],
    ['Nevera isotérmica 12 L', 'ud', 1800, 12000, 4590, 'iva-21', false],
    ['Nevera isotérmica 24 L', 'ud', 2900, 24000, 6490, 'iva-21', false],
    ['Nevera isotérmica UN3373 8 L', 'ud', 1500, 8000, 5990, 'iva-21', false],
    ['Acumulador de frío de gel 400 g (caja 10)', 'caja', 4200, 4500, 1890, 'iva-21', true],
    ['Bolsa de transporte de muestras UN3373 (caja 100)', 'caja', 1500, 5000, 2890, 'iva-21', false],
    ['Bolsa de seguridad con bolsillo para volante (caja 500)', 'caja', 2500, 8000, 3290, 'iva-21', false],
    ['Gradilla para 50 tubos', 'ud', 150, 1500, 390, 'iva-21', false],
    ['Guantes de nitrilo talla M (caja 100)', 'caja', 650, 2000, 690, 'iva-21', false],
    ['Guantes de nitrilo talla L (caja 100)', 'caja', 650, 2000, 690, 'iva-21', false],
    ['Gasas estériles 10 × 10 cm (caja 100)', 'caja', 500, 3000, 890, 'iva-21', false],
    ['Apósito redondo post-extracción (caja 500)', 'caja', 300, 1500, 990, 'iva-21', false],
    ['Contenedor de residuos biosanitarios 2 L', 'ud', 250, 2000, 390, 'iva-21', false],
    ['Etiquetas de código de barras para tubos (rollo 1000)', 'ud', 400, 1200, 1490, 'iva-21', false],
  ]),
};
