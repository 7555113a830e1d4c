/** English texts of the box labels read by the rider (the Spanish ones are ../es/boxScan.ts). Same keys, same {variables}. */
import type { boxScanMessages as es } from '../es/boxScan';
import type { Shape } from '../shape';

export const boxScanMessages: Shape<typeof es> = {
  boxScan: {
    loadTitle: 'Route boxes',
    loadHelp: 'Scan the label of each box as you load it onto the bike; product codes add one unit.',
    fieldLabel: 'Box label or product code',
    stopTitle: 'Check a box',
    stopHelp: 'Scan a box label to see which order it belongs to.',
    stopFieldLabel: 'Box label',
    loadedCount: 'Boxes loaded: {done} of {total}',
    boxRow: 'Stop {seq} · Order {order} · Box {box} of {of}',
    boxLoaded: 'Loaded',
    boxPending: 'To load',
    missingBoxes: '{n, plural, one {# box} other {# boxes}} still to scan. Check them before confirming the load-out.',
    allLoaded: 'All the boxes of the route have been scanned.',
    noLabels: 'The orders of this route are not on the device yet: wait for it to sync.',
    loaded: 'Box {box} of {of} of order {order} (stop {seq}): loaded.',
    again: 'Box {box} of {of} of order {order} had already been scanned.',
    otherRoute: 'Label {code} belongs to an order ({orderId}) that is not on this route: leave that box at the hub.',
    noSuchBox: 'Label {code} says box {box} of {read}, but order {order} has {of, plural, one {# box} other {# boxes}} on this route: check the label.',
    badLabel: 'Code {code} is not a valid box label: scan it again or type the code shown under the bars.',
    here: 'Box {box} of {of}: order {order}, for this stop.',
    hereUnknown: 'Box {box} of {of}: order {orderId}, for this stop (no data on the device yet).',
    deliver: 'Deliver order {order}',
    otherStop: 'Label {code} belongs to stop {seq} of this route, not this one: do not deliver it here.',
    stopOtherRoute: 'Label {code} belongs to an order ({orderId}) that is not on this route: do not deliver it.',
    notLabel: 'Code {code} is not a box label: scan the label stuck on the box.',
  },
};
