import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../../../components/ui/button/button.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog/confirm-dialog.tsx';
import { type AdminCommand, useAdminCommand } from '../../api/admin-controls-commands.ts';
import styles from './controls.module.css';

export interface ControlRowProps {
  command: AdminCommand;
  title: string;
  description: ReactNode;
  /** The button (and the confirm button). */
  actionLabel: string;
  /** The confirmation's text: exactly what will happen, with or without force. */
  confirmMessage: (force: boolean) => string;
  /** A "force" checkbox next to the button, with this label. */
  forceLabel?: string;
  /** Always sent with force (the control is the forced kind). */
  alwaysForce?: boolean;
  destructive?: boolean;
}

/** One admin control: what it does, its button, and the confirmation that names what will happen. */
export function ControlRow({
  command,
  title,
  description,
  actionLabel,
  confirmMessage,
  forceLabel,
  alwaysForce = false,
  destructive = false,
}: ControlRowProps) {
  const forceId = useId();
  const [force, setForce] = useState(alwaysForce);
  const [asking, setAsking] = useState(false);
  const run = useAdminCommand(command);

  return (
    <li className={styles.row}>
      <div className={styles.text}>
        <h3 className={styles.title}>{title}</h3>
        <p className={styles.description}>{description}</p>
      </div>
      <div className={styles.controls}>
        {forceLabel ? (
          <label className={styles.force} htmlFor={forceId}>
            <input
              id={forceId}
              type="checkbox"
              checked={force}
              onChange={(event) => setForce(event.currentTarget.checked)}
            />
            {forceLabel}
          </label>
        ) : null}
        <Button
          variant={destructive ? 'danger' : 'secondary'}
          size="sm"
          onClick={() => setAsking(true)}
          loading={run.isPending}
          loadingText="Working..."
        >
          {actionLabel}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title={`${title}?`}
        message={confirmMessage(force)}
        confirmLabel={actionLabel}
        destructive={destructive}
        confirming={run.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => run.mutate(force, { onSettled: () => setAsking(false) })}
      />
    </li>
  );
}
