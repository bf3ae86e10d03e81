import type { RepositoryResponse } from '@ember/contracts/delivery';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import infoCard from '../../../../components/info-card/info-card.module.css';
import { InfoCard } from '../../../../components/info-card/info-card.tsx';
import { Button } from '../../../../components/ui/button/button.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog/confirm-dialog.tsx';
import { paths } from '../../../../config/paths.ts';
import { formatDateTime } from '../../../../lib/format/dates.ts';
import { formatCount } from '../../../../lib/format/money.ts';
import stack from '../../../../styles/stack.module.css';
import { useDeleteRepository } from '../api/delete-repository.ts';
import { EditRepositoryDialog } from './edit-repository-dialog.tsx';
import styles from './repository-info-card.module.css';

/** The repository's settings with Edit, and Delete (confirmed, then back to the dashboard). */
export function RepositoryInfoCard({ repository }: { repository: RepositoryResponse }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();
  const remove = useDeleteRepository({
    onDeleted: () => navigate(paths.developer.getHref(), { replace: true }),
  });

  return (
    <InfoCard
      title="Repository"
      onEdit={() => setEditing(true)}
      facts={[
        { label: 'Obfuscation', value: repository.obfuscation, testId: 'repository-obfuscation' },
        { label: 'Client', value: repository.storm2 ? 'Second generation' : 'Classic' },
        { label: 'Access token', value: repository.hasAccessToken ? 'Stored' : 'None' },
        { label: 'Plugins', value: formatCount(repository.pluginCount) },
        { label: 'Added', value: formatDateTime(repository.createdAt) },
      ]}
    >
      <div className={stack.gap2}>
        <h3 className={styles.configTitle}>Obfuscator config</h3>
        {repository.obfuscatorConfig ? (
          <pre className={styles.json} data-testid="obfuscator-config">
            {JSON.stringify(repository.obfuscatorConfig, null, 2)}
          </pre>
        ) : (
          <p className={styles.none}>None</p>
        )}
      </div>
      <div className={infoCard.actions}>
        <Button href={repository.url} size="sm" variant="ghost">
          Open repository
        </Button>
        <Button size="sm" variant="danger" onClick={() => setDeleting(true)} className={infoCard.delete}>
          Delete repository
        </Button>
      </div>
      <EditRepositoryDialog repository={repository} open={editing} onClose={() => setEditing(false)} />
      <ConfirmDialog
        open={deleting}
        title="Delete this repository?"
        message={`${repository.url} and its ${formatCount(repository.pluginCount)} plugin(s) leave the store. A repository whose plugins a price still grants cannot be deleted: unlink them first.`}
        confirmLabel="Delete repository"
        destructive
        confirming={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => remove.mutate(repository.id, { onError: () => setDeleting(false) })}
      />
    </InfoCard>
  );
}
