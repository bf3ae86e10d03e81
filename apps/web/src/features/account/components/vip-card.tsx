import type { CurrentUser } from '@ember/contracts/identity';
import { ArrowRightIcon, GemIcon } from '../../../components/icons/icons.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import { paths } from '../../../config/paths.ts';
import { formatLongDate } from '../../../lib/format/dates.ts';
import { vipPriceLabel } from '../../../lib/format/product-units.ts';
import styles from './vip-card.module.css';

/** Spec §2: the VIP card links to /vip. */
export function VipCard({ account }: { account: CurrentUser | undefined }) {
  const running = Boolean(account?.vip && account.vipUntil);
  return (
    <Card className={`${styles.card} ${running ? styles.running : ''}`}>
      <div className={styles.head}>
        <span className={styles.gem}>
          <GemIcon size={22} />
        </span>
        <h2 className={styles.title}>VIP</h2>
      </div>
      <p className={styles.text}>
        {running && account?.vipUntil
          ? `Thanks for being a VIP! Unlimited sessions and the gem next to your name until ${formatLongDate(account.vipUntil)}.`
          : `Unlimited client sessions and the gem next to your name, for ${vipPriceLabel()}.`}
      </p>
      <Button
        to={paths.vip.getHref()}
        variant={running ? 'secondary' : 'primary'}
        trailingIcon={<ArrowRightIcon size={16} />}
        className={styles.action}
      >
        {running ? 'About VIP' : 'Purchase VIP'}
      </Button>
    </Card>
  );
}
