/** English texts of the incident follow-up (the Spanish ones are ../es/incidences.ts). Same keys, same {variables}. */
import type { incidencesMessages as es } from '../es/incidences';
import type { Shape } from '../shape';

export const incidencesMessages: Shape<typeof es> = {
  incidences: {
    followUp: {
      state: 'Follow-up',
      assignee: 'Assignee',
      nobody: 'Unassigned',
      open: 'Follow-up of incident {what}',
      openButton: 'Follow-up',
      openLabel: 'Open the follow-up of the incident on {order}',
      current: 'Status: {state}',
      currentAssignee: 'Assignee: {name}',
      history: 'History',
      noHistory: 'No changes yet: the incident is open.',
      step: '{at} · {by}: {from} → {to}',
      stepSame: '{at} · {by}: note ({state})',
      stepAssignee: 'Assignee: {name}',
      notApplied: 'Not applied: another change arrived first',
      to: 'New status',
      keep: '{state} (status unchanged)',
      note: 'Note or resolution',
      noteHelp: 'What has been done or decided; it is kept in the history.',
      save: 'Save follow-up',
      redelivery: 'Create a re-delivery order',
      redeliveryHelp: 'A new order with the incident’s product, with no route, for the day you choose: it appears among that day’s unplanned orders.',
      redeliveryDate: 'Re-delivery day',
      redeliveryNotes: 'Re-delivery of order {code}',
      redeliveryMade: 'Re-delivery: order {code} for {date}',
      saved: 'Follow-up saved',
      filter: 'Follow-up',
      states: {
        open: 'Open',
        in_review: 'In review',
        resolved: 'Resolved',
        credited: 'Credited',
      },
      errors: {
        role: 'Only an operator or an administrator can follow up incidents',
        transition: 'That status change is not allowed from the current status',
        note: 'The note can be 500 characters at most',
        empty: 'Write a note or change the assignee (or the status)',
        redeliveryOnlyResolving: 'A re-delivery is created when resolving the incident',
        redeliveryNoOrder: 'The incident’s order “{id}” is not on this device',
        redelivery_date: 'Re-delivery day: choose a day after the order’s ({date}) and not before today',
        redelivery_product: 'The incident’s product is not in the order: the re-delivery cannot be created',
      },
    },
  },
};
