import { Alert } from '@mantine/core';
import type { ActionState } from './useAction';

/**
 * What became of an action, above its form: its error in red (an alert), or once it succeeded
 * and is not running again, `success` (the action's text when it answers one) in green; without
 * `success`, a success shows nothing (the screen itself shows the change).
 */
export function ActionFeedback<R>({ action, success }: { action: ActionState<R>; success?: (result: R) => string }) {
  if (action.error) {
    return (
      <Alert color="red" role="alert">
        {action.error}
      </Alert>
    );
  }
  if (action.result === undefined || action.busy || !success) return null;
  return (
    <Alert color="teal" role="status">
      {success(action.result)}
    </Alert>
  );
}
