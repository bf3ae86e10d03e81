import { type ReactNode, useId } from 'react';
import type { z } from 'zod';
import { Button, type ButtonProps } from '../ui/button/button.tsx';
import { Modal, type ModalProps } from '../ui/modal/modal.tsx';
import { Form } from './form.tsx';
import layout from './form-layout.module.css';
import type { ContractForm, FormSchema } from './use-contract-form.ts';

/**
 * What `onSubmit` resolves to when a check it made itself failed and it marked the field
 * (`form.setError`): nothing was sent, so the dialog stays open and the form is not cleared.
 */
export const STAY_OPEN = Symbol('stay open');

/** How the page that holds a dialog opens and closes it. */
export interface DialogControl {
  open: boolean;
  onClose: () => void;
}

interface FormDialogProps<S extends FormSchema> extends DialogControl {
  title: string;
  submitLabel: string;
  form: ContractForm<S>;
  /**
   * The values the form returns to when the dialog closes. None for a form that follows what it
   * edits (`values`): it is filled again from there.
   */
  emptyValues?: Parameters<ContractForm<S>['reset']>[0];
  /** Resolves once saved (the dialog then closes) or to STAY_OPEN; a rejection is shown on the form. */
  onSubmit: (values: z.output<S>) => Promise<unknown>;
  /** Held open, Cancel disabled, while true. */
  pending: boolean;
  /** The submit button's spinner; by default while `pending`. */
  submitting?: boolean;
  submitVariant?: ButtonProps['variant'];
  submitIcon?: ReactNode;
  /** Buttons before Cancel (e.g. Delete). */
  extraActions?: ReactNode;
  size?: ModalProps['size'];
  /** The fields (and notes), laid out in one column. */
  children: ReactNode;
}

/** A modal holding one form: Cancel and submit in the footer, closed and cleared once saved, held open while saving. */
export function FormDialog<S extends FormSchema>({
  open,
  title,
  submitLabel,
  form,
  emptyValues,
  onSubmit,
  pending,
  submitting = pending,
  submitVariant,
  submitIcon,
  extraActions,
  size,
  onClose,
  children,
}: FormDialogProps<S>) {
  const formId = useId();

  function close() {
    if (emptyValues !== undefined) form.reset(emptyValues);
    onClose();
  }

  return (
    <Modal
      open={open}
      onClose={pending ? () => {} : close}
      disableOverlayClose={pending}
      title={title}
      size={size}
      footer={
        <>
          {extraActions}
          <Button variant="secondary" onClick={close} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant={submitVariant} loading={submitting} icon={submitIcon}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <Form
        id={formId}
        form={form}
        onSubmit={async (values) => {
          if ((await onSubmit(values)) !== STAY_OPEN) close();
        }}
      >
        <div className={layout.fields}>{children}</div>
      </Form>
    </Modal>
  );
}
