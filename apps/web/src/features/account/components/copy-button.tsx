import { useEffect, useState } from 'react';
import { CheckIcon, CopyIcon } from '../../../components/icons/icons.tsx';
import { copyWithNotice } from '../../../components/ui/toast/copy-with-notice.ts';
import styles from './copy-button.module.css';

interface CopyButtonProps {
  value: string;
  /** What is copied, e.g. 'Discord ID': the button says 'Copy Discord ID', the toast 'Successfully copied Discord ID'. */
  what: string;
}

/** Copies `value` to the clipboard and says whether it worked. */
export function CopyButton({ value, what }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    if (await copyWithNotice(value, what)) setCopied(true);
  }

  return (
    <button type="button" className={styles.copy} onClick={() => void copy()} aria-label={`Copy ${what}`}>
      {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
    </button>
  );
}
