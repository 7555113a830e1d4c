/**
 * Deterministic ids of what an intake creates, so that the same input always names the same
 * documents: re-importing a file (or repeating an API request) finds the order it made instead
 * of making a second one, and two devices importing the same file converge.
 */

/** 64-bit hash of a string (two independent 32-bit FNV-1a/murmur-mixed halves) as 16 hex digits. */
export function hash64(input: string): string {
  let h1 = 0xdeadbeef ^ input.length;
  let h2 = 0x41c6ce57 ^ input.length;
  for (let i = 0; i < input.length; i += 1) {
    const ch = input.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0).toString(16).padStart(8, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
}

/** Id of the order a client's external reference makes: `o-imp-<16 hex>`. */
export function intakeOrderId(clientId: string, externalRef: string): string {
  return `o-imp-${hash64(`${clientId}\u0000${externalRef.toLowerCase()}`)}`;
}

/** Id of a delivery point made by an intake: from the client's reference, or from the address when there is none. */
export function intakePointId(clientId: string, key: string): string {
  return `pe-imp-${hash64(`${clientId}\u0000${key}`)}`;
}

/** Id of a remembered column mapping (catalog kind `import-mapping`). */
export function importMappingId(clientId: string, headerKey: string): string {
  return `imap-${hash64(`${clientId}\u0000${headerKey}`)}`;
}
