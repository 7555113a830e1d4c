/** English messages of the domain's checks (the Spanish ones are ../es/domain.ts). Same keys, same {variables}. */
import type { domainMessages as es } from '../es/domain';
import type { Shape } from '../shape';

export const domainMessages: Shape<typeof es> = {
  domain: {
    delivery: {
      linesNotWhole: 'Line {line} ({name}): quantities must be positive whole numbers',
      linesTooMany: 'Line {line} ({name}): delivered plus refused ({units}) exceed the {max} on the order',
      lineNotInOrder: 'Line “{lineId}” is not part of this order',
      noUnits: 'No units are delivered: record a failed delivery',
    },
    money: {
      dueInvalid: 'The amount due is not valid ({value}): it must be a whole, non-negative number of cents',
      collectedInvalid: 'The amount collected is not valid ({value}): it must be a whole, non-negative number of cents',
      collectedShort: 'The amount collected ({collected}) is less than the amount due ({due})',
    },
    routing: {
      noLocation: 'Point “not located”: {orders} cannot be planned',
      windowConflict: 'Orders {orders} at the same stop have time windows that do not overlap',
      noBike: 'The route has no bike: its capacity is not checked',
      bikeUnavailable: 'The route’s bike is not available: its capacity is not checked',
      noRider: 'The route has no rider',
      riderTwice: 'The rider is on {n} routes of the day',
      bikeTwice: 'The bike is on {n} routes of the day',
      late: 'Arrives {time} late for the {from}–{to} window ({orders})',
      overWeight: 'Over the bike’s weight capacity by {amount} kg',
      overVolume: 'Over the bike’s volume capacity by {amount} l',
      overBoxes: 'Over the bike’s box capacity by {amount} boxes',
      shiftEnd: 'Back at the hub {time} after the end of the shift',
      shiftLength: 'Lasts {time} longer than the maximum working day',
      shiftStart: 'Leaves {time} before the start of the shift',
      checker: '{detail}',
      unplanned: {
        notPlanned: '{orders}: not planned',
        capacity: '{orders}: does not fit on any available bike',
        timeWindow: '{orders}: no rider arrives within its window and gets back in time',
        shiftLength: '{orders}: does not fit in any rider’s working day',
        noVehicle: '{orders}: no rider with an available bike',
        other: '{orders}: does not fit on any route with the other stops (riders or bikes missing)',
      },
    },
  },
};
