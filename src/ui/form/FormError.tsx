/** A form's save error, above its fields (nothing when there is none). */
import { Alert } from '@mantine/core';

export function FormError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert" data-testid="form-error">
      {error}
    </Alert>
  );
}
