const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from clients: a malformed one names nothing (NOT_FOUND), it is not an error of ours. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
