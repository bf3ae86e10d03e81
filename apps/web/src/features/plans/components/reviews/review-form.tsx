import { type ReviewResponse, verifiedLabel, writeReviewBody } from '@ember/contracts/reviews';
import { Form } from '../../../../components/form/form.tsx';
import formStyles from '../../../../components/form/form-layout.module.css';
import { FormSelect } from '../../../../components/form/form-select.tsx';
import { FormTextArea } from '../../../../components/form/form-text-area.tsx';
import { useContractForm } from '../../../../components/form/use-contract-form.ts';
import { Button } from '../../../../components/ui/button/button.tsx';
import { useSaveReview } from '../../api/reviews.ts';
import styles from './reviews.module.css';

const STARS = [5, 4, 3, 2, 1] as const;

/** Write or edit one's review of the plan: the stars and the text, checked with the server's own contract. */
export function ReviewForm({
  planId,
  review,
  ranSeconds,
  onDone,
}: {
  planId: number;
  review: ReviewResponse | null;
  /** What verifies a new review (the hours the player ran the plan's plugins). */
  ranSeconds: number | null;
  onDone?: () => void;
}) {
  const save = useSaveReview(planId, review?.id ?? null);
  const form = useContractForm(writeReviewBody, {
    defaultValues: { rating: review?.rating ?? 5, body: review?.body ?? '' },
  });
  const verified = review?.ranSeconds ?? ranSeconds;
  return (
    <Form
      form={form}
      aria-label={review ? 'Edit your review' : 'Write a review'}
      onSubmit={async (values) => {
        await save.mutateAsync(values);
        onDone?.();
      }}
    >
      <div className={formStyles.fields}>
        {verified !== null ? <p className={styles.verified}>{verifiedLabel(verified)}</p> : null}
        <FormSelect name="rating" label="Your rating">
          {STARS.map((stars) => (
            <option key={stars} value={stars}>
              {`${stars} ${stars === 1 ? 'star' : 'stars'}`}
            </option>
          ))}
        </FormSelect>
        <FormTextArea
          name="body"
          label="Your review"
          hint="What was it like? No links, up to 2,000 characters."
          rows={4}
        />
      </div>
      <div className={styles.formActions}>
        <Button type="submit" loading={save.isPending} loadingText="Saving...">
          {review ? 'Save changes' : 'Publish review'}
        </Button>
        {onDone && review ? (
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
