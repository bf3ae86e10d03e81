import { useId } from 'react';
import formStyles from '../../../components/form/form.module.css';
import { BellIcon } from '../../../components/icons/icons.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import { paths } from '../../../config/paths.ts';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings.ts';
import styles from './notifications-card.module.css';

/** Where notifications go besides the bell: the store bot's Discord direct messages, when allowed. */
export function NotificationsCard() {
  const id = useId();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const checked = save.isPending
    ? (save.variables?.discordDirectMessages ?? false)
    : settings.data?.discordDirectMessages;
  return (
    <Card>
      <div className={styles.head}>
        <BellIcon size={22} />
        <h2 className={styles.title}>Notifications</h2>
      </div>
      <p className={styles.text}>
        Gifts, completed trades, subscriptions about to end, payouts and repository updates show in the bell.
      </p>
      <div className={formStyles.checkboxRow}>
        <input
          id={id}
          type="checkbox"
          className={formStyles.checkbox}
          checked={checked ?? false}
          disabled={settings.data === undefined || save.isPending}
          onChange={(event) => save.mutate({ discordDirectMessages: event.currentTarget.checked })}
        />
        <label htmlFor={id}>Also send them to me as a Discord direct message from the store's bot</label>
      </div>
      {settings.isError ? (
        <p className={formStyles.fieldError} role="alert">
          We could not load your notification settings.
        </p>
      ) : null}
      {save.isError ? (
        <p className={formStyles.fieldError} role="alert">
          {save.error.message}
        </p>
      ) : null}
      <Button to={paths.notifications.getHref()} variant="secondary" className={styles.action}>
        See all notifications
      </Button>
    </Card>
  );
}
