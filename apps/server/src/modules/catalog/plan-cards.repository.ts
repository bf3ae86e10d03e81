import type { LabelResponse } from '@ember/contracts/catalog';
import { listParameter, preparedStatement } from '@ember/db/prepared';
import type { HandedDb } from './db.ts';
import type { ShopPlanRow } from './plan-search.repository.ts';
import { CARD_COLUMNS, ON_SALE } from './plan-sql.ts';

/**
 * The cards of the given plan ids, in that order; plans no longer listed are left out (the ids
 * may come from a ranking computed a moment ago).
 */
const cardsByIdsStatement = preparedStatement<ShopPlanRow>(
  'shop_cards_by_ids',
  `with page as (
  select t.id, t.position from unnest(string_to_array($1::text, ',')::int[]) with ordinality as t(id, position)
)
${CARD_COLUMNS}
where ${ON_SALE}
order by page.position`,
);

export function findPlanCardsByIds(db: HandedDb, ids: readonly number[]): Promise<ShopPlanRow[]> {
  return ids.length === 0 ? Promise.resolve([]) : cardsByIdsStatement(db, [listParameter(ids)]);
}

/** Plans read per statement when the card shelf is loaded (a keyset page of plans_listed_id_idx). */
const CARDS_READ = 5000;

const listedCardsAfterStatement = preparedStatement<ShopPlanRow>(
  'shop_listed_cards_after',
  `with page as (
  select p.id, p.id as position from plans p
  where ${ON_SALE} and p.id > $1::int
  order by p.id
  limit $2::int
)
${CARD_COLUMNS}
order by page.position`,
);

/**
 * The card of every plan on sale, by id (the card shelf, issue 21), read CARDS_READ plans at a
 * time. A label or an owner shared by many plans is kept once.
 */
export async function loadListedPlanCards(db: HandedDb): Promise<Map<number, ShopPlanRow>> {
  const cards = new Map<number, ShopPlanRow>();
  const labelsById = new Map<number, LabelResponse>();
  const owners = new Map<number, Pick<ShopPlanRow, 'ownerDisplayName' | 'ownerDiscordId'>>();
  let after = 0;
  for (;;) {
    const rows = await listedCardsAfterStatement(db, [after, CARDS_READ]);
    for (const row of rows) {
      const owner = owners.get(row.ownerId);
      if (owner && owner.ownerDisplayName === row.ownerDisplayName) {
        row.ownerDisplayName = owner.ownerDisplayName;
        row.ownerDiscordId = owner.ownerDiscordId;
      } else {
        owners.set(row.ownerId, {
          ownerDisplayName: row.ownerDisplayName,
          ownerDiscordId: row.ownerDiscordId,
        });
      }
      row.labels = row.labels.map((label) => {
        const kept = labelsById.get(label.id);
        if (kept && kept.name === label.name && kept.icon === label.icon) return kept;
        labelsById.set(label.id, label);
        return label;
      });
      cards.set(row.id, row);
    }
    const last = rows.at(-1);
    if (rows.length < CARDS_READ || !last) return cards;
    after = last.id;
  }
}
