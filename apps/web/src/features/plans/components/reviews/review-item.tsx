import {
  answerReviewBody,
  hideReviewBody,
  type ReviewResponse,
  verifiedLabel,
} from '@ember/contracts/reviews';
import { useState } from 'react';
import { Form } from '../../../../components/form/form.tsx';
import { FormTextArea } from '../../../../components/form/form-text-area.tsx';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { useContractForm } from '../../../../components/form/use-contract-form.ts';
import { Button } from '../../../../components/ui/button/button.tsx';
import { VisuallyHidden } from '../../../../components/visually-hidden/visually-hidden.tsx';
import { formatCredits } from '../../../../lib/format/money.ts';
import { useAnswerReview, useHideReview } from '../../api/reviews.ts';
import styles from './reviews.module.css';

const starsText = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating);

function AnswerForm({ reviewId, onDone }: { reviewId: number; onDone: () => void }) {
  const answer = useAnswerReview(reviewId);
  const form = useContractForm(answerReviewBody, { defaultValues: { answer: '' } });
  return (
    <Form
      form={form}
      aria-label="Answer the review"
      onSubmit={async (values) => {
        await answer.mutateAsync(values);
        onDone();
      }}
    >
      <FormTextArea name="answer" label="Your answer" rows={3} />
      <div className={styles.formActions}>
        <Button type="submit" size="sm" loading={answer.isPending} loadingText="Publishing...">
          Publish answer
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

function HideForm({ reviewId, onDone }: { reviewId: number; onDone: () => void }) {
  const hide = useHideReview(reviewId);
  const form = useContractForm(hideReviewBody, { defaultValues: { reason: '' } });
  return (
    <Form
      form={form}
      aria-label="Hide the review"
      onSubmit={async (values) => {
        await hide.mutateAsync(values);
        onDone();
      }}
    >
      <FormTextField name="reason" label="Why is it hidden?" />
      <div className={styles.formActions}>
        <Button type="submit" variant="danger" size="sm" loading={hide.isPending} loadingText="Hiding...">
          Hide review
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

/** One review: stars, author, "Verified: ran it for 14 hours", the price they were on, the text and the answer. */
export function ReviewItem({
  review,
  canAnswer,
  canHide,
}: {
  review: ReviewResponse;
  canAnswer: boolean;
  canHide: boolean;
}) {
  const [open, setOpen] = useState<'answer' | 'hide' | null>(null);
  const written = new Date(review.createdAt).toLocaleDateString('en-GB', { dateStyle: 'medium' });
  return (
    <article className={styles.review} aria-label={`Review by ${review.authorName}`}>
      <header className={styles.reviewHeader}>
        <p className={styles.stars}>
          <span aria-hidden="true">{starsText(review.rating)}</span>
          <VisuallyHidden>{`${review.rating} out of 5 stars`}</VisuallyHidden>
        </p>
        <p className={styles.author}>
          {review.authorName} · <time dateTime={review.createdAt}>{written}</time>
        </p>
      </header>
      <p className={styles.verified} data-testid="review-verified">
        {verifiedLabel(review.ranSeconds)} · on {review.priceName} ({formatCredits(review.pricePaid)} credits)
      </p>
      {review.body ? <p className={styles.body}>{review.body}</p> : null}
      {review.answer ? (
        <div className={styles.answer}>
          <p className={styles.answerTitle}>Answer from the developer</p>
          <p className={styles.body}>{review.answer}</p>
        </div>
      ) : null}
      {open === 'answer' ? <AnswerForm reviewId={review.id} onDone={() => setOpen(null)} /> : null}
      {open === 'hide' ? <HideForm reviewId={review.id} onDone={() => setOpen(null)} /> : null}
      {open === null && ((canAnswer && !review.answer) || canHide) ? (
        <div className={styles.formActions}>
          {canAnswer && !review.answer ? (
            <Button variant="secondary" size="sm" onClick={() => setOpen('answer')}>
              Answer
            </Button>
          ) : null}
          {canHide ? (
            <Button variant="ghost" size="sm" onClick={() => setOpen('hide')}>
              Hide
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
