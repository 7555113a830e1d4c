/** The write cases (./writeCases.ts) of roles, row and hub scope, state machines, computed amounts and authorship. */
import { deliveryEvent, newDocFor, order, point } from '../helpers/fixtures';
import { fixtureDoc, hub2, later, ord, pay, priced, rte, type WriteCase } from './writeCaseKit';

export const ACCESS_WRITE_CASES: readonly WriteCase[] = [
  // ── Roles ──────────────────────────────────────────────────────────────────────────────────
  { name: 'a rider creates a product', topic: 'role', who: 'rider1', collection: 'products', before: null, after: { ...newDocFor('products', 'u-rider1', 1), id: 'wc-product' }, expect: 'refused' },
  { name: 'an operator creates a bike', topic: 'role', who: 'operator', collection: 'bikes', before: null, after: { ...newDocFor('bikes', 'u-operador', 2), id: 'wc-bike' }, expect: 'allowed' },
  { name: 'an operator creates a tax (admins only)', topic: 'role', who: 'operator', collection: 'catalog', before: null, after: { ...newDocFor('catalog', 'u-operador', 3, 'tax'), id: 'wc-tax' }, expect: 'refused' },
  // Configuración (issue 34): the van factors are an admin's; a hub's planning objective its operators'.
  { name: 'an operator sets the sustainability factors (admins only)', topic: 'role', who: 'operator', collection: 'catalog', before: null, after: { id: 'wc-sust', kind: 'config-sustainability', name: 'Sostenibilidad', active: true, updated_at: 1_780_000_000_000, co2_g_per_km: 210, diesel_l_per_100km: 8, source: 'EEA' }, expect: 'refused' },
  { name: 'an admin sets the sustainability factors', topic: 'role', who: 'admin', collection: 'catalog', before: null, after: { ...{ id: 'wc-sust', kind: 'config-sustainability', name: 'Sostenibilidad', active: true, updated_at: 1_780_000_000_000, co2_g_per_km: 210, diesel_l_per_100km: 8, source: 'EEA' }, id: 'wc-sust-admin' }, expect: 'allowed' },
  { name: 'an operator sets his hub’s planning objective', topic: 'hub scope', who: 'operator', collection: 'catalog', before: null, after: { id: 'wc-plan-1', kind: 'config-planning', name: 'Objetivo', active: true, updated_at: 1_780_000_000_000, hub: 1, objective: 'balanced' }, expect: 'allowed' },
  { name: 'an operator sets another hub’s planning objective', topic: 'hub scope', who: 'operator', collection: 'catalog', before: null, after: { id: 'wc-plan-2', kind: 'config-planning', name: 'Objetivo', active: true, updated_at: 1_780_000_000_000, hub: 2, objective: 'balanced' }, expect: 'refused' },
  { name: 'a rider changes his phone', topic: 'role', who: 'rider1', collection: 'users', before: fixtureDoc('users', 'u-rider1'), after: { ...fixtureDoc('users', 'u-rider1'), phone: '+34 600 000 001', ...later }, expect: 'allowed' },
  { name: 'a rider makes himself an operator', topic: 'role', who: 'rider1', collection: 'users', before: fixtureDoc('users', 'u-rider1'), after: { ...fixtureDoc('users', 'u-rider1'), role: 'operator', ...later }, expect: 'refused' },

  // ── Row scope ──────────────────────────────────────────────────────────────────────────────
  { name: 'a rider sets an order of his route out for delivery', topic: 'row scope', who: 'rider1', collection: 'orders', before: ord('wc-o-own'), after: { ...ord('wc-o-own'), status: 'out_for_delivery', ...later }, expect: 'allowed' },
  { name: 'a rider sets an order of another rider’s route out for delivery', topic: 'row scope', who: 'rider1', collection: 'orders', before: ord('wc-o-other', 'r2'), after: { ...ord('wc-o-other', 'r2'), status: 'out_for_delivery', ...later }, expect: 'refused' },
  { name: 'a rider moves his order to another route', topic: 'row scope', who: 'rider1', collection: 'orders', before: ord('wc-o-move'), after: { ...ord('wc-o-move'), route_id: 'r2', ...later }, expect: 'refused' },
  { name: 'a rider loads another rider’s route', topic: 'row scope', who: 'rider1', collection: 'routes', before: rte('wc-r-other', 'u-rider2', 'ready'), after: { ...rte('wc-r-other', 'u-rider2', 'ready'), status: 'loaded', ...later }, expect: 'refused' },
  { name: 'a rider takes another rider’s route', topic: 'row scope', who: 'rider1', collection: 'routes', before: fixtureDoc('routes', 'r2'), after: { ...fixtureDoc('routes', 'r2'), rider_id: 'u-rider1', ...later }, expect: 'refused' },

  // ── Hub scope (finding 6): the operator (hub 1) writes only in hub 1; admins everywhere ────
  { name: 'an operator changes the unit price of his hub’s order', topic: 'hub scope', finding: '29.6', who: 'operator', collection: 'orders', before: ord('wc-h-own'), after: { ...ord('wc-h-own'), lines: priced(ord('wc-h-own'), 99), ...later }, expect: 'allowed' },
  { name: 'an operator changes the unit price of another hub’s order', topic: 'hub scope', finding: '29.6', who: 'operator', collection: 'orders', before: hub2(ord('wc-h-price')), after: { ...hub2(ord('wc-h-price')), lines: priced(ord('wc-h-price'), 1), ...later }, expect: 'refused' },
  { name: 'an admin changes the unit price of another hub’s order', topic: 'hub scope', finding: '29.6', who: 'admin', collection: 'orders', before: hub2(ord('wc-h-adm')), after: { ...hub2(ord('wc-h-adm')), lines: priced(ord('wc-h-adm'), 1), ...later }, expect: 'allowed' },
  { name: 'an operator moves his hub’s order to another hub', topic: 'hub scope', finding: '29.6', who: 'operator', collection: 'orders', before: ord('wc-h-move'), after: { ...ord('wc-h-move'), hub: 2, ...later }, expect: 'refused' },
  { name: 'an operator creates an order in another hub', topic: 'hub scope', finding: '29.6', who: 'operator', collection: 'orders', before: null, after: hub2(order('wc-h-new', 'pe1', '', 'pending')), expect: 'refused' },
  { name: 'an operator gives another hub’s route to a rider', topic: 'hub scope', finding: '29.6', who: 'operator', collection: 'routes', before: hub2(rte('wc-h-route', '', 'planned')), after: { ...hub2(rte('wc-h-route', '', 'planned')), rider_id: 'u-rider1', ...later }, expect: 'refused' },
  { name: 'an operator gives his hub’s route to a rider', topic: 'hub scope', finding: '29.6', who: 'operator', collection: 'routes', before: rte('wc-h-rown', '', 'planned'), after: { ...rte('wc-h-rown', '', 'planned'), rider_id: 'u-rider1', ...later }, expect: 'allowed' },
  { name: 'an operator hands over the payment of another hub’s order', topic: 'hub scope', finding: '29.6', who: 'operator', collection: 'payments', seed: { orders: [hub2(ord('wc-h-pay'))] }, before: pay('wc-h-pay'), after: { ...pay('wc-h-pay'), status: 'handed_over', reviewed_by: 'u-operador', ...later }, expect: 'refused' },
  { name: 'operador.bcn (hubs 3 and 4) changes the unit price of a hub-4 order', topic: 'hub scope', finding: '29.6', who: 'operatorBcn', collection: 'orders', before: { ...ord('wc-h-bcn4', ''), hub: 4 }, after: { ...ord('wc-h-bcn4', ''), hub: 4, lines: priced(ord('wc-h-bcn4', ''), 99), ...later }, expect: 'allowed' },
  { name: 'operador.bcn (hubs 3 and 4) changes the unit price of a hub-1 order', topic: 'hub scope', finding: '29.6', who: 'operatorBcn', collection: 'orders', before: ord('wc-h-bcn1', ''), after: { ...ord('wc-h-bcn1', ''), lines: priced(ord('wc-h-bcn1', ''), 1), ...later }, expect: 'refused' },
  { name: 'an operator creates a bike in another hub', topic: 'hub scope', finding: '29.6', who: 'operator', collection: 'bikes', before: null, after: { ...newDocFor('bikes', 'u-operador', 9), id: 'wc-h-bike', hub: 2 }, expect: 'refused' },
  { name: 'an operator edits another hub’s delivery point', topic: 'hub scope', finding: '29.6', who: 'operator', collection: 'delivery_points', before: { ...point('wc-h-point', 2) }, after: { ...point('wc-h-point', 2), notes: 'Timbre roto', ...later }, expect: 'refused' },

  // ── State machines (src/domain/status/machines.ts) ────────────────────────────────────────
  { name: 'a rider cancels his own order', topic: 'state machine', finding: '29.3', who: 'rider1', collection: 'orders', before: ord('wc-o-cancel'), after: { ...ord('wc-o-cancel'), status: 'cancelled', ...later }, expect: 'refused' },
  { name: 'a rider sends his order back to pending', topic: 'state machine', finding: '29.3', who: 'rider1', collection: 'orders', before: ord('wc-o-back'), after: { ...ord('wc-o-back'), status: 'pending', ...later }, expect: 'refused' },
  { name: 'a rider records his order delivered (two steps pushed at once)', topic: 'state machine', who: 'rider1', collection: 'orders', before: ord('wc-o-jump'), after: { ...ord('wc-o-jump'), status: 'delivered', ...later }, expect: 'allowed' },
  { name: 'a rider loads his route', topic: 'state machine', who: 'rider1', collection: 'routes', before: rte('wc-r-load', 'u-rider1', 'ready'), after: { ...rte('wc-r-load', 'u-rider1', 'ready'), status: 'loaded', ...later }, expect: 'allowed' },
  { name: 'a rider cancels his route', topic: 'state machine', who: 'rider1', collection: 'routes', before: rte('wc-r-cancel', 'u-rider1', 'in_progress'), after: { ...rte('wc-r-cancel', 'u-rider1', 'in_progress'), status: 'cancelled', cancel_reason: 'Lluvia', ...later }, expect: 'refused' },
  { name: 'a rider sends his route back to planned', topic: 'state machine', who: 'rider1', collection: 'routes', before: rte('wc-r-back', 'u-rider1', 'ready'), after: { ...rte('wc-r-back', 'u-rider1', 'ready'), status: 'planned', ...later }, expect: 'refused' },
  { name: 'an operator cancels an order before it leaves', topic: 'state machine', who: 'operator', collection: 'orders', before: ord('wc-o-opcancel'), after: { ...ord('wc-o-opcancel'), status: 'cancelled', ...later }, expect: 'allowed' },
  { name: 'an operator cancels a delivered order', topic: 'state machine', who: 'operator', collection: 'orders', before: ord('wc-o-delivered', 'r1', { status: 'delivered' }), after: { ...ord('wc-o-delivered', 'r1', { status: 'delivered' }), status: 'cancelled', ...later }, expect: 'refused' },
  { name: 'an operator creates an order already delivered', topic: 'state machine', who: 'operator', collection: 'orders', before: null, after: { ...order('wc-o-new', 'pe1', '', 'pending'), status: 'delivered' }, expect: 'refused' },
  { name: 'an operator brings a collected payment back to pending', topic: 'state machine', who: 'operator', collection: 'payments', seed: { orders: [ord('wc-o-pback')] }, before: pay('wc-o-pback'), after: { ...pay('wc-o-pback'), status: 'pending', ...later }, expect: 'refused' },
  { name: 'an operator hands over a collected payment', topic: 'state machine', who: 'operator', collection: 'payments', seed: { orders: [ord('wc-o-phand')] }, before: pay('wc-o-phand'), after: { ...pay('wc-o-phand'), status: 'handed_over', reviewed_by: 'u-operador', ...later }, expect: 'allowed' },
  { name: 'an operator changes a reconciled payment', topic: 'state machine', who: 'operator', collection: 'payments', seed: { orders: [ord('wc-o-prec')] }, before: pay('wc-o-prec', { status: 'reconciled', reviewed_by: 'u-operador' }), after: { ...pay('wc-o-prec', { status: 'reconciled', reviewed_by: 'u-operador' }), note: 'Faltaban 5 €', ...later }, expect: 'refused' },
  { name: 'an admin corrects a reconciled payment', topic: 'state machine', who: 'admin', collection: 'payments', seed: { orders: [ord('wc-o-padm')] }, before: pay('wc-o-padm', { status: 'reconciled', reviewed_by: 'u-operador' }), after: { ...pay('wc-o-padm', { status: 'reconciled', reviewed_by: 'u-operador' }), note: 'Corregido', ...later }, expect: 'allowed' },

  // ── Payments a rider records; amounts the server computes (finding 1) ──────────────────────
  { name: 'a rider records his order’s payment', topic: 'computed amount', who: 'rider1', collection: 'payments', seed: { orders: [ord('wc-o-pay')] }, before: null, after: pay('wc-o-pay'), expect: 'allowed', computed: { amount_due_cents: 749 } },
  {
    name: 'a rider records his order’s payment with an amount due of 1 cent',
    topic: 'computed amount',
    finding: '29.1',
    who: 'rider1',
    collection: 'payments',
    seed: { orders: [ord('wc-o-pay1')] },
    before: null,
    after: pay('wc-o-pay1', { amount_due_cents: 1, amount_collected_cents: 1 }),
    expect: 'allowed',
    computed: { amount_due_cents: 749, amount_collected_cents: 1 },
  },
  {
    name: 'a rider records a payment after a partial delivery (3 of 6 units are due)',
    topic: 'computed amount',
    who: 'rider1',
    collection: 'payments',
    seed: {
      orders: [ord('wc-o-part')],
      deliveries: [{ ...deliveryEvent('wc-dlv-part', ord('wc-o-part'), 'u-rider1', 'partial'), lines: [{ line_id: 'l1', product_id: 'p1', delivered: 3, refused: 3 }] }],
    },
    before: null,
    after: pay('wc-o-part', { amount_due_cents: 749 }),
    expect: 'allowed',
    computed: { amount_due_cents: 374 },
  },
  { name: 'a rider records his payment already reconciled', topic: 'computed amount', finding: '29.1', who: 'rider1', collection: 'payments', seed: { orders: [ord('wc-o-prec1')] }, before: null, after: pay('wc-o-prec1', { status: 'reconciled' }), expect: 'refused' },
  { name: 'a rider records his payment handed over', topic: 'computed amount', finding: '29.1', who: 'rider1', collection: 'payments', seed: { orders: [ord('wc-o-phand1')] }, before: null, after: pay('wc-o-phand1', { status: 'handed_over' }), expect: 'refused' },
  { name: 'a rider records his payment reviewed by himself', topic: 'computed amount', finding: '29.1', who: 'rider1', collection: 'payments', seed: { orders: [ord('wc-o-prev')] }, before: null, after: pay('wc-o-prev', { reviewed_by: 'u-rider1' }), expect: 'refused' },
  {
    name: 'a rider records a paying order as «a cuenta»',
    topic: 'computed amount',
    who: 'rider1',
    collection: 'payments',
    seed: { orders: [ord('wc-o-pacc')] },
    before: null,
    after: pay('wc-o-pacc', { method: 'on_account', status: 'on_account', amount_collected_cents: 0 }),
    expect: 'refused',
  },
  {
    name: 'a rider records an order paid on account as cash',
    topic: 'computed amount',
    who: 'rider1',
    collection: 'payments',
    seed: { orders: [ord('wc-o-pacc2', 'r1', { payment_method: 'on_account' })] },
    before: null,
    after: pay('wc-o-pacc2'),
    expect: 'refused',
  },
  { name: 'a rider records, on his route, the payment of another route’s order', topic: 'computed amount', who: 'rider1', collection: 'payments', seed: { orders: [ord('wc-o-pforeign', 'r2')] }, before: null, after: pay('wc-o-pforeign'), expect: 'refused' },
  { name: 'a rider records a second payment of one order', topic: 'computed amount', who: 'rider1', collection: 'payments', seed: { orders: [ord('wc-o-ptwice')] }, before: null, after: { ...pay('wc-o-ptwice'), id: 'pay-wc-o-ptwice-bis' }, expect: 'refused' },
  { name: 'a rider changes the payment he recorded', topic: 'computed amount', who: 'rider1', collection: 'payments', seed: { orders: [ord('wc-o-pchg')] }, before: pay('wc-o-pchg'), after: { ...pay('wc-o-pchg'), amount_collected_cents: 0, ...later }, expect: 'refused' },
  { name: 'an operator changes an amount due', topic: 'computed amount', who: 'operator', collection: 'payments', seed: { orders: [ord('wc-o-pdue')] }, before: pay('wc-o-pdue'), after: { ...pay('wc-o-pdue'), amount_due_cents: 0, ...later }, expect: 'refused' },

  // ── Authorship ─────────────────────────────────────────────────────────────────────────────
  { name: 'a rider records a payment in another rider’s name', topic: 'authorship', who: 'rider1', collection: 'payments', seed: { orders: [ord('wc-o-pname')] }, before: null, after: pay('wc-o-pname', { rider_id: 'u-rider2' }), expect: 'refused' },
  { name: 'a rider records a delivery in another rider’s name', topic: 'authorship', who: 'rider1', collection: 'deliveries', seed: { orders: [ord('wc-o-dname')] }, before: null, after: { ...deliveryEvent('wc-dlv-name', ord('wc-o-dname'), 'u-rider1'), created_by: 'u-rider2' }, expect: 'refused' },
  { name: 'a picker records a pick in another user’s name', topic: 'authorship', who: 'operator', collection: 'picks', before: null, after: { ...newDocFor('picks', 'u-operador', 4), id: 'wc-pick-name', created_by: 'u-admin' }, expect: 'refused' },
];
