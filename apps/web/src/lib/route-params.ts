const MAX_ID = 2_147_483_647;

/** A numeric id from the address (spec §2: the dashboards read their params as numbers), or null. */
export function parseIdParam(raw: string | undefined): number | null {
  if (!raw || !/^[0-9]{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}
