import { ADD_HOURS_RELOAD_DELAY_MS } from '@ember/contracts/constants';
import {
  addHoursQuery,
  HOURS_ADDED_MESSAGE,
  NO_SUBSCRIBERS_SELECTED_MESSAGE,
} from '@ember/contracts/subscriptions';
import { z } from '@ember/contracts/zod';
import { useId, useMemo, useRef, useState } from 'react';
import { Form } from '../../../../components/form/form.tsx';
import { FormCheckbox } from '../../../../components/form/form-checkbox.tsx';
import styles from '../../../../components/form/form-layout.module.css';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { useContractForm } from '../../../../components/form/use-contract-form.ts';
import { Button } from '../../../../components/ui/button/button.tsx';
import { Card } from '../../../../components/ui/card/card.tsx';
import { Modal } from '../../../../components/ui/modal/modal.tsx';
import { notify } from '../../../../lib/toast/notify.ts';
import { useAddHours } from '../api/add-hours.ts';

/** The hours as the server checks them, and whom they go to: every active subscriber or the ticked ones. */
function timeFormSchema(selectedCount: () => number) {
  return z.object({ hours: addHoursQuery.shape.hours, allActive: z.boolean() }).superRefine((values, ctx) => {
    if (!values.allActive && selectedCount() === 0) {
      ctx.addIssue({ code: 'custom', path: ['allActive'], message: NO_SUBSCRIBERS_SELECTED_MESSAGE });
    }
  });
}
type TimeFormInput = z.input<ReturnType<typeof timeFormSchema>>;

const EMPTY: TimeFormInput = { hours: '', allActive: false };

/** The page reloads after the hours are added (spec §9), so every card shows the new dates. */
function reloadSoon() {
  setTimeout(() => window.location.reload(), ADD_HOURS_RELOAD_DELAY_MS);
}

/**
 * Spec §2 Time Management: add hours to every active subscription of the price or to the ticked
 * subscribers ('Hours to add must be greater than 0', 'No subscribers selected'), then 'Hours
 * added successfully' and a reload after 1 s.
 */
export function TimeManagementCard({
  priceId,
  selected,
}: {
  priceId: number;
  selected: ReadonlySet<number>;
}) {
  const [open, setOpen] = useState(false);
  const formId = useId();
  // The form keeps its schema for life; the selection is read when it is checked.
  const selectedCount = useRef(selected.size);
  selectedCount.current = selected.size;
  const schema = useMemo(() => timeFormSchema(() => selectedCount.current), []);
  const form = useContractForm(schema, { defaultValues: EMPTY });
  const addHours = useAddHours();

  return (
    <Card
      title="Time Management"
      actions={
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
          View
        </Button>
      }
    >
      <p className={styles.note}>
        Add hours to every active subscription, or to the subscribers you tick in the table
        {selected.size > 0 ? ` (${selected.size} ticked)` : ''}.
      </p>
      <Modal
        open={open}
        onClose={addHours.isPending ? () => {} : () => setOpen(false)}
        disableOverlayClose={addHours.isPending}
        title="Add hours"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={addHours.isPending}>
              Cancel
            </Button>
            <Button type="submit" form={formId} loading={addHours.isPending}>
              Add hours
            </Button>
          </>
        }
      >
        <Form
          id={formId}
          form={form}
          onSubmit={async ({ hours, allActive }) => {
            await addHours.mutateAsync(
              allActive
                ? { target: 'all', priceId, hours }
                : { target: 'selected', priceId, hours, subscriptionIds: [...selected] },
            );
            void notify.success(HOURS_ADDED_MESSAGE);
            setOpen(false);
            reloadSoon();
          }}
        >
          <div className={styles.fields}>
            <FormTextField<TimeFormInput>
              name="hours"
              label="Hours to add"
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
            />
            <FormCheckbox<TimeFormInput> name="allActive">
              All active subscriptions of this price
            </FormCheckbox>
            <p className={styles.note}>
              {selected.size > 0
                ? `Otherwise the ${selected.size} subscriber${selected.size === 1 ? '' : 's'} ticked in the table.`
                : 'Otherwise tick subscribers in the Subscriptions table first.'}
            </p>
          </div>
        </Form>
      </Modal>
    </Card>
  );
}
