import { type DeveloperMonthly, developerMonthlyResponse } from '@ember/contracts/developer-statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client.ts';
import { developerKeys } from '../../../../lib/query-keys/developer.ts';

/** GET shop /statistics/developer/monthly: revenue and active subscribers, last twelve months. */
export function getDeveloperMonthly(): Promise<DeveloperMonthly> {
  return apiFetch('shop', '/statistics/developer/monthly', developerMonthlyResponse);
}

export function useDeveloperMonthly() {
  return useQuery(
    queryOptions({
      queryKey: developerKeys.monthlyStatistics(),
      queryFn: getDeveloperMonthly,
    }),
  );
}
