import type { PageAnswer } from '@ember/contracts/page-reads';
import { QueryClient } from '@tanstack/react-query';
import { developerProfileQueryOptions } from '../features/shop/api/get-developer-profile.ts';
import { labelsQueryOptions } from '../features/shop/api/get-labels.ts';
import { plansQueryOptions } from '../features/shop/api/get-plans.ts';
import { planQueryOptions } from '../lib/plans/get-plan.ts';
import { planSubCountsQueryOptions } from '../lib/plans/get-plan-sub-counts.ts';

/** Puts one answer under the key its page reads it by: the same query options the pages use. */
function put(client: QueryClient, answer: PageAnswer): void {
  switch (answer.read) {
    case 'plans':
      client.setQueryData(plansQueryOptions(answer.filters).queryKey, answer.data);
      return;
    case 'labels':
      client.setQueryData(labelsQueryOptions().queryKey, answer.data);
      return;
    case 'plan':
      client.setQueryData(planQueryOptions(answer.planId).queryKey, answer.data);
      return;
    case 'planSubCounts':
      client.setQueryData(planSubCountsQueryOptions(answer.planId).queryKey, answer.data);
      return;
    case 'developer':
      client.setQueryData(developerProfileQueryOptions(answer.developerId).queryKey, answer.data);
      return;
  }
}

/**
 * A query cache holding a rendered page's answers (the server gathered them, @ember/contracts/page-reads),
 * in their order: the page renders from it and the browser's cache starts from its dehydrated state.
 */
export function queryClientWith(answers: readonly PageAnswer[]): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const answer of answers) put(client, answer);
  return client;
}
