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
  },
};
