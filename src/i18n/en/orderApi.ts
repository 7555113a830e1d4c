/** English texts of the clients' order API (the Spanish ones are ../es/orderApi.ts). Same keys, same {variables}. */
import type { orderApiMessages as es } from '../es/orderApi';
import type { Shape } from '../shape';

export const orderApiMessages: Shape<typeof es> = {
  orderApi: {
    where: {
      line: 'Line {line}, field “{path}”',
      field: 'Field “{path}”',
      order: 'Order',
    },
    type: {
      text: 'a string',
      number: 'a number',
      object: 'an object',
      array: 'a list',
      boolean: 'true or false',
      null: 'null', // kept: the JSON literal
      undefined: 'nothing',
    },
    shape: {
      required: 'this field is missing (required; it must be {expected})',
      type: 'must be {expected} and is {received}',
      too_short: 'cannot be empty',
      too_long: 'is longer than {max, plural, one {# character} other {# characters}}',
      too_few: 'must have at least {min} item',
      too_many: 'has more than {max, plural, one {# item} other {# items}}',
      format_date: 'must be a date YYYY-MM-DD (for example 2026-12-01)',
      format_time: 'must be a time HH:MM (for example 09:30)',
      format: 'does not have a valid format',
      enum: 'must be one of: {values}',
      unknown_field: 'unknown field (check the name in /api/docs)',
      invalid: 'invalid value',
    },
    error: {
      invalid: 'The order is not valid: {count, plural, one {# problem} other {# problems}}. Nothing has been saved.',
      conflict: 'The order is already planned on a route and cannot change. Nothing has been saved.',
      idempotency: 'This Idempotency-Key was already used with a different body. Use a new key for another request.',
      idempotencyHeader: 'The Idempotency-Key header must have 1 to 200 printable characters',
      missingKey: 'The API key is missing: send it in the X-Api-Key header',
      badKey: 'API key not valid, expired or revoked',
      otherClient: 'This key belongs to another client: it cannot send orders to {path}',
      rateLimited: 'Too many requests with this key: wait {wait} and try again',
      tooManyFailures: 'Too many wrong keys from this address: wait {wait} and try again',
      tooLarge: 'The request body is larger than 1 MB: send one order per request',
      notJson: 'The body is not valid JSON',
      busy: 'Other requests for the same order are in progress: nothing has been saved, try again in a second',
      internal: 'Internal server error; please try again',
      emptyBody: 'The body is empty: send the order as JSON',
      unsupportedType: 'Send the order as JSON (Content-Type: application/json)',
      noClient: 'Client “{client}” does not exist in CargoBici or is not active',
      adminOnly: 'Only administrators can manage API keys',
      keyInvalid: 'The request is not valid: {count, plural, one {# problem} other {# problems}}',
      keyNotFound: 'That key does not exist',
      expiryPast: 'the expiry date cannot be before today',
    },
  },
};
