import { type VoteStatusResponse, voteStatusResponse } from '@ember/contracts/votes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { voteKeys } from '../../../lib/query-keys/votes.ts';

/** GET shop /votes/me: the caller's last vote, when the next one is allowed (null: now), the reward. */
export function getVoteStatus(): Promise<VoteStatusResponse> {
  return apiFetch('shop', '/votes/me', voteStatusResponse);
}

export function voteStatusQueryOptions() {
  return queryOptions({ queryKey: voteKeys.mine, queryFn: getVoteStatus, staleTime: 0 });
}

export function useVoteStatus(enabled: boolean) {
  return useQuery({ ...voteStatusQueryOptions(), enabled });
}
