const MAX_PLAN_ID = 2_147_483_647;

/** The plan id of the address, or null when it is no plan id at all. */
export function parsePlanId(raw: string | undefined): number | null {
  if (!raw || !/^[0-9]{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_PLAN_ID ? id : null;
}
