import { PLUGIN_ATTACH_PAGE_SIZE } from '@ember/contracts/constants';
import { createPluginLinkBody } from '@ember/contracts/delivery';
import { z } from '@ember/contracts/zod';
import { useId, useState } from 'react';
import { get, useFormState } from 'react-hook-form';
import { FormDialog } from '../../../../components/form/form-dialog.tsx';
import formStyles from '../../../../components/form/form-layout.module.css';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { useContractForm } from '../../../../components/form/use-contract-form.ts';
import { LoadError } from '../../../../components/ui/load-error/load-error.tsx';
import { Pagination } from '../../../../components/ui/pagination/pagination.tsx';
import { Select } from '../../../../components/ui/select/select.tsx';
import { Spinner } from '../../../../components/ui/spinner/spinner.tsx';
import { usePluginsOfRepository } from '../../../../lib/repositories/get-plugins-of-repository.ts';
import { useRepositories } from '../../../../lib/repositories/get-repositories.ts';
import { useChangePluginLinks } from '../api/plugin-links.ts';
import styles from './attach-plugin-dialog.module.css';

const CHOOSE_PLUGIN_MESSAGE = 'Choose a plugin to attach.';

/**
 * The contract's body. A radio group's value is the ticked input's text (none: null), so the
 * plugin id is read from it, with a plain message when no plugin is ticked yet.
 */
const attachFormSchema = createPluginLinkBody.extend({
  pluginId: z
    .string({ error: CHOOSE_PLUGIN_MESSAGE })
    .min(1, CHOOSE_PLUGIN_MESSAGE)
    .transform(Number)
    .pipe(createPluginLinkBody.shape.pluginId),
});
type AttachFormInput = z.input<typeof attachFormSchema>;

function PluginChoiceError() {
  const { errors } = useFormState<AttachFormInput>({ name: 'pluginId' });
  const message = (get(errors, 'pluginId') as { message?: string } | undefined)?.message;
  return message ? <p className={styles.error}>{message}</p> : null;
}

/**
 * Attach Plugin (spec §2): choose a repository, then one of its plugins (100 per page), and the
 * session limit per subscriber (default 0, unlimited).
 */
export function AttachPluginDialog({
  priceId,
  attachedPluginIds,
  open,
  onClose,
}: {
  priceId: number;
  attachedPluginIds: ReadonlySet<number>;
  open: boolean;
  onClose: () => void;
}) {
  const repoSelectId = useId();
  const repositories = useRepositories();
  const [chosenRepo, setChosenRepo] = useState<number | null>(null);
  const repositoryId = chosenRepo ?? repositories.data?.[0]?.id ?? null;
  const [page, setPage] = useState(0);
  const plugins = usePluginsOfRepository(open ? repositoryId : null, page);
  const { attach } = useChangePluginLinks(priceId);
  const form = useContractForm(attachFormSchema, { defaultValues: { sessions: 0 } });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Attach plugin"
      submitLabel="Attach"
      size="large"
      form={form}
      emptyValues={{ sessions: 0 }}
      onSubmit={attach.mutateAsync}
      pending={attach.isPending}
    >
      {repositories.isError && !repositories.data ? (
        <LoadError
          what="your repositories"
          onRetry={() => void repositories.refetch()}
          retrying={repositories.isFetching}
        />
      ) : repositories.data && repositories.data.length === 0 ? (
        <p className={formStyles.note}>Add a repository on the developer dashboard first.</p>
      ) : (
        <div className={styles.repo}>
          <label htmlFor={repoSelectId}>Repository</label>
          <Select
            id={repoSelectId}
            className={styles.repoSelect}
            value={repositoryId ?? ''}
            onChange={(event) => {
              setChosenRepo(Number(event.target.value));
              setPage(0);
              form.resetField('pluginId');
            }}
          >
            {repositories.data?.map((repo) => (
              <option key={repo.id} value={repo.id}>
                {repo.url.replace(/^https:\/\//, '')}
              </option>
            ))}
          </Select>
        </div>
      )}
      <fieldset className={styles.plugins}>
        <legend className={styles.legend}>Plugin</legend>
        {plugins.isError && !plugins.data ? (
          <LoadError
            what="the plugins"
            onRetry={() => void plugins.refetch()}
            retrying={plugins.isFetching}
          />
        ) : !plugins.data ? (
          repositoryId === null ? null : (
            <Spinner label="Loading the plugins" />
          )
        ) : plugins.data.content.length === 0 ? (
          <p className={formStyles.note}>This repository has no plugins yet.</p>
        ) : (
          <ul className={styles.list}>
            {plugins.data.content.map((plugin) => {
              const attached = attachedPluginIds.has(plugin.id);
              return (
                <li key={plugin.id}>
                  <label className={`${styles.choice} ${attached ? styles.attached : ''}`}>
                    <input
                      type="radio"
                      value={plugin.id}
                      disabled={attached}
                      {...form.register('pluginId', {
                        setValueAs: (value) => (value ? Number(value) : undefined),
                      })}
                    />
                    <span className={styles.pluginText}>
                      <span className={styles.pluginName}>
                        {plugin.name} <span className={styles.version}>v{plugin.version}</span>
                      </span>
                      <span className={styles.pluginDescription}>
                        {attached ? 'Already attached to this price.' : plugin.description}
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        <PluginChoiceError />
      </fieldset>
      {plugins.data && plugins.data.totalPages > 1 ? (
        <Pagination
          label="Plugin pages"
          page={page}
          totalPages={plugins.data.totalPages}
          pageSize={PLUGIN_ATTACH_PAGE_SIZE}
          pageSizeOptions={[PLUGIN_ATTACH_PAGE_SIZE]}
          pageSizeLabel="Plugins per page"
          onPage={setPage}
          onPageSize={() => {}}
        />
      ) : null}
      <FormTextField<AttachFormInput>
        name="sessions"
        label="Session limit"
        asNumber
        inputMode="numeric"
        autoComplete="off"
        hint="Sessions per subscriber; 0 means unlimited."
      />
    </FormDialog>
  );
}
