import type { PlanPrice } from '@ember/contracts/catalog';
import { Card } from '../../../components/ui/card/card.tsx';
import pill from '../../../components/ui/pill/pill.module.css';
import { StatusBadge } from '../../../components/ui/status-badge/status-badge.tsx';
import { Tooltip } from '../../../components/ui/tooltip/tooltip.tsx';
import { visuallyHiddenClass } from '../../../components/visually-hidden/visually-hidden.tsx';
import { useMediaQuery } from '../../../hooks/use-media-query.ts';
import { sessionLimitLabel } from '../../../lib/format/session-limits.ts';
import styles from './included-plugins.module.css';

/** Matches the stacked layout's breakpoint in included-plugins.module.css. */
const STACKED_QUERY = '(max-width: 560px)';

/** What SOX means for a player's trust (docs/trust.md, decision 0057). */
export const OBFUSCATED_BY_STORE_EXPLAINED =
  "The store obfuscates this plugin's code after its developer signs it, so your client checks the store's signature on the jar it runs, not the developer's. The store names the developer-signed jar it started from; you trust the store to have made this one from it.";

/** The plugins the selected option unlocks, with their session limits and which the store obfuscates. */
export function IncludedPlugins({ price }: { price: PlanPrice | null }) {
  // Stacked rows show each plugin as a card, so the header row is only for screen readers.
  const stacked = useMediaQuery(STACKED_QUERY);
  return (
    <Card
      title="Included plugins"
      actions={price ? <span className={styles.for}>with {price.name}</span> : undefined}
    >
      {!price || price.plugins.length === 0 ? (
        <p className={styles.empty}>
          {price
            ? 'No plugins are attached to this option yet.'
            : 'Choose an option to see what it includes.'}
        </p>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <thead className={stacked ? visuallyHiddenClass : undefined}>
              <tr>
                <th scope="col">Plugin</th>
                <th scope="col">Description</th>
                <th scope="col" className={styles.sessions}>
                  Sessions
                </th>
              </tr>
            </thead>
            <tbody>
              {price.plugins.map((plugin) => (
                <tr key={plugin.id}>
                  <th scope="row" className={styles.name}>
                    {plugin.name}
                    {plugin.obfuscatedByStore && (
                      <span className={styles.obfuscated}>
                        <Tooltip content={OBFUSCATED_BY_STORE_EXPLAINED} focusable>
                          <StatusBadge tone="info" status="obfuscated-by-store">
                            Obfuscated by the store
                          </StatusBadge>
                        </Tooltip>
                      </span>
                    )}
                  </th>
                  <td className={styles.description}>{plugin.description || '—'}</td>
                  <td className={styles.sessions}>
                    <span className={styles.mobileLabel}>Sessions </span>
                    <span className={plugin.sessionLimit === 0 ? pill.unlimited : pill.limit}>
                      {sessionLimitLabel(plugin.sessionLimit)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
