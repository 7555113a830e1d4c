/**
 * Why the camera did not open, from what getUserMedia or html5-qrcode reported (an Error, a
 * DOMException or a string such as «Error getting userMedia, error = NotAllowedError: …»).
 */
export type CameraFailure = 'denied' | 'absent' | 'busy' | 'insecure' | 'unavailable';

export function cameraFailureOf(error: unknown, secureContext: boolean): { kind: CameraFailure; detail: string } {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (!secureContext) return { kind: 'insecure', detail };
  if (/NotAllowedError|PermissionDenied|SecurityError|Permission denied|permission/i.test(detail)) return { kind: 'denied', detail };
  if (/NotFoundError|DevicesNotFound|OverconstrainedError|Requested device not found|not supported by the browser/i.test(detail)) return { kind: 'absent', detail };
  if (/NotReadableError|TrackStartError|Could not start video source|AbortError/i.test(detail)) return { kind: 'busy', detail };
  return { kind: 'unavailable', detail: detail.slice(0, 200) };
}
