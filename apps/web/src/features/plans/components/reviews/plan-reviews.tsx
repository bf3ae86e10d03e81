import { REVIEWS_PAGE_SIZE } from '@ember/contracts/reviews';
import { useState } from 'react';
import { RatingLine } from '../../../../components/rating/rating-line.tsx';
import { Button } from '../../../../components/ui/button/button.tsx';
import { Card } from '../../../../components/ui/card/card.tsx';
import { LoadError } from '../../../../components/ui/load-error/load-error.tsx';
import { Pagination } from '../../../../components/ui/pagination/pagination.tsx';
import { Spinner } from '../../../../components/ui/spinner/spinner.tsx';
import { useAuth } from '../../../../lib/auth/auth-context.ts';
import { useMyReview, usePlanReviews } from '../../api/reviews.ts';
import { ReviewForm } from './review-form.tsx';
import { ReviewItem } from './review-item.tsx';
import styles from './reviews.module.css';

const PAGE_SIZES = [REVIEWS_PAGE_SIZE] as const;

/** The caller's part: their review (hidden ones with why), the form, or why they cannot review yet. */
function MyReview({ planId }: { planId: number }) {
  const mine = useMyReview(planId, true);
  const [editing, setEditing] = useState(false);
  if (mine.isPending) return <Spinner label="Loading your review" />;
  if (mine.isError) return <LoadError what="your review" onRetry={() => void mine.refetch()} />;
  const { review, canReview, refusal, ranSeconds } = mine.data;
  if (review && !editing) {
    return (
      <div className={styles.mine}>
        <h3 className={styles.subtitle}>Your review</h3>
        {review.hiddenReason ? (
          <p className={styles.hidden} role="status">
            {`Staff hid your review: ${review.hiddenReason}`}
          </p>
        ) : null}
        <ReviewItem review={review} canAnswer={false} canHide={false} />
        <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
          Edit your review
        </Button>
      </div>
    );
  }
  if (review || canReview) {
    return (
      <div className={styles.mine}>
        <h3 className={styles.subtitle}>{review ? 'Edit your review' : 'Rate this plugin'}</h3>
        <ReviewForm
          planId={planId}
          review={review}
          ranSeconds={ranSeconds}
          onDone={review ? () => setEditing(false) : undefined}
        />
      </div>
    );
  }
  return (
    <p className={styles.refusal} data-testid="review-refusal">
      {refusal}
    </p>
  );
}

/**
 * Ratings and reviews on the plan page (issue 35): the average and count, the signed-in player's own
 * review or why they cannot write one, and the reviews newest first, paged by the server.
 */
export function PlanReviews({ planId }: { planId: number }) {
  const [page, setPage] = useState(0);
  const reviews = usePlanReviews(planId, page);
  const auth = useAuth();
  const signedIn = auth.status === 'authenticated';
  const mine = useMyReview(planId, signedIn);
  const isPlanOwner = mine.data?.isPlanOwner ?? false;
  const canHide = mine.data?.canHide ?? false;
  return (
    <Card title={<span id="reviews">Reviews</span>}>
      <div className={styles.reviews}>
        {reviews.data ? (
          <RatingLine
            average={reviews.data.summary.average}
            count={reviews.data.summary.count}
            className={styles.summary}
          />
        ) : null}
        {signedIn ? (
          <MyReview planId={planId} />
        ) : (
          <p className={styles.refusal}>Sign in to rate this plugin.</p>
        )}
        {reviews.isPending ? (
          <Spinner label="Loading reviews" />
        ) : reviews.isError ? (
          <LoadError what="the reviews" onRetry={() => void reviews.refetch()} />
        ) : reviews.data.content.length === 0 ? (
          <p className={styles.empty}>No one has reviewed this plugin yet.</p>
        ) : (
          <>
            <ul className={styles.list} aria-label="Reviews">
              {reviews.data.content.map((review) => (
                <li key={review.id}>
                  <ReviewItem review={review} canAnswer={isPlanOwner} canHide={canHide} />
                </li>
              ))}
            </ul>
            {reviews.data.totalPages > 1 ? (
              <Pagination
                label="Review pages"
                page={page}
                totalPages={reviews.data.totalPages}
                pageSize={REVIEWS_PAGE_SIZE}
                pageSizeOptions={PAGE_SIZES}
                pageSizeLabel="Reviews per page"
                onPage={setPage}
                onPageSize={() => {}}
              />
            ) : null}
          </>
        )}
      </div>
    </Card>
  );
}
