import { useId } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { paths } from '../../config/paths.ts';
import stack from '../../styles/stack.module.css';
import { visuallyHiddenClass } from '../visually-hidden/visually-hidden.tsx';
import styles from './terms-agreement.module.css';
import { useFormField } from './use-form-field.ts';

/**
 * Spec §5: purchases and gifts need the terms box ('Please agree to the terms of service'). The
 * whole label ticks the box, with a row tall enough for a finger; only the words "terms of
 * service" are a link, and they open the terms in a new tab, so the choices made so far stay
 * (issue 26). Bound to a boolean field of the surrounding Form.
 */
export function TermsAgreement<T extends FieldValues = FieldValues>({
  name,
  disabled = false,
}: {
  name: FieldPath<T>;
  disabled?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const { register, fieldError } = useFormField<T>(name);
  return (
    <div className={stack.gap1}>
      <label htmlFor={id} className={styles.row} data-testid="terms-agreement">
        <input
          id={id}
          type="checkbox"
          className={styles.checkbox}
          disabled={disabled}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? errorId : undefined}
          {...register(name)}
        />
        <span className={styles.text}>
          I agree to the{' '}
          <a
            href={paths.terms.getHref()}
            target="_blank"
            rel="noopener noreferrer"
            className={styles.link}
            aria-describedby={`${id}-new-tab`}
          >
            terms of service
          </a>
        </span>
      </label>
      <span id={`${id}-new-tab`} className={visuallyHiddenClass}>
        Opens in a new tab.
      </span>
      {fieldError?.message ? (
        <p id={errorId} className={styles.error}>
          {fieldError.message}
        </p>
      ) : null}
    </div>
  );
}
