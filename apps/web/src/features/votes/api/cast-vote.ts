import { type CastVoteResponse, castVoteResponse, VOTE_THANKS_MESSAGE } from '@ember/contracts/votes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { subscriptionKeys } from '../../../lib/query-keys/subscriptions.ts';
import { voteKeys } from '../../../lib/query-keys/votes.ts';
import { notify } from '../../../lib/toast/notify.ts';

/** POST shop /votes: records the vote and applies the reward (429 within 4 hours of the last vote). */
export function castVote(): Promise<CastVoteResponse> {
  return apiFetch('shop', '/votes', castVoteResponse, { method: 'POST' });
}

/**
 * Vote: thanks on success; either way the vote status is read again, so a refused vote shows when
 * the next one is allowed. Rewarded hours change the subscriptions list.
 */
export function useCastVote({ onVoted }: { onVoted: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: castVote,
    onSuccess: async () => {
      onVoted();
      void notify.success(VOTE_THANKS_MESSAGE);
      await queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: voteKeys.mine }),
  });
}
