import { type ApprovedJarResponse, approvedJarFileName } from '@ember/contracts/repo-updates';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button/button.tsx';
import { Card } from '../../../../components/ui/card/card.tsx';
import { dateTimeColumn } from '../../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn } from '../../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../../components/ui/data-table/query-table.tsx';
import { usePageParams } from '../../../../components/ui/data-table/server-table.ts';
import textFieldStyles from '../../../../components/ui/text-field/text-field.module.css';
import clippedId from '../../../../styles/clipped-id.module.css';
import {
  type ApprovalsPage,
  useApprovedJars,
  useApproveJar,
} from '../../api/admin-repositories-approvals.ts';
import styles from './repositories.module.css';

const CHOOSE_A_JAR = 'Choose a .jar file to approve.';

/** '2.0 KB', '1.4 MB'. */
function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1_048_576) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

const columns: DataTableColumn<ApprovedJarResponse>[] = [
  {
    id: 'file',
    header: 'File',
    rowHeader: true,
    cell: (jar) => <span className={styles.mono}>{jar.fileName}</span>,
  },
  {
    id: 'sha',
    header: 'SHA-256',
    cell: (jar) => (
      <span className={clippedId.clippedId} title={jar.sha256}>
        {jar.sha256}
      </span>
    ),
  },
  { id: 'size', header: 'Size', align: 'end', cell: (jar) => sizeLabel(jar.sizeBytes) },
  dateTimeColumn({ id: 'approved', header: 'Approved', value: (jar) => jar.createdAt }),
];

/** Approved dependency jars (spec §7 POST approved-jars, a multipart upload): 'Jar approved!'. */
export function ApprovedJarsCard() {
  const inputId = useId();
  const noteId = `${inputId}-note`;
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = usePageParams<ApprovalsPage>({});
  const jars = useApprovedJars(page);
  const approve = useApproveJar();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return setError(CHOOSE_A_JAR);
    const name = approvedJarFileName.safeParse(file.name);
    if (!name.success) return setError(name.error.issues[0]?.message ?? CHOOSE_A_JAR);
    setError(null);
    approve.mutate(file, {
      onSuccess: () => {
        setFile(null);
        if (fileInput.current) fileInput.current.value = '';
      },
    });
  }

  return (
    <Card title="Approved jars">
      <form className={styles.approveForm} onSubmit={onSubmit} noValidate aria-label="Approve a jar">
        <div className={styles.approveFields}>
          <div className={textFieldStyles.field}>
            <label htmlFor={inputId} className={textFieldStyles.label}>
              Jar file
            </label>
            <input
              ref={fileInput}
              id={inputId}
              type="file"
              accept=".jar,application/java-archive"
              className={styles.file}
              aria-invalid={error ? true : undefined}
              aria-describedby={noteId}
              onChange={(event) => {
                setFile(event.currentTarget.files?.[0] ?? null);
                setError(null);
              }}
            />
            <p id={noteId} className={error ? textFieldStyles.error : textFieldStyles.hint}>
              {error ?? 'A dependency jar plugins may bundle; it is approved by its SHA-256.'}
            </p>
          </div>
          <div className={styles.submit}>
            <Button type="submit" loading={approve.isPending} loadingText="Uploading...">
              Approve jar
            </Button>
          </div>
        </div>
      </form>
      <QueryTable
        query={jars}
        what="the approved jars"
        params={page}
        setParams={setPage}
        label="Approved jars"
        columns={columns}
        getRowKey={(jar) => jar.id}
        empty="No jar approved yet."
      />
    </Card>
  );
}
