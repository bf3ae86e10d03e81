import { type PlanResponse, planResponse } from '@ember/contracts/catalog';
import { useActionMutation } from '../../../../hooks/use-action-mutation.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { refreshDeveloperData } from '../../../../lib/developer/refresh-developer-data.ts';

/**
 * The plan's switches: PUT /plans/{id}/hide (owner: shown ↔ hidden), PUT /plans/{id}/toggle
 * (admins: enabled ↔ disabled) and PUT /plans/{planId}/labels/{labelId} (add or remove a label).
 */
export type PlanToggle = { kind: 'hide' } | { kind: 'enable' } | { kind: 'label'; labelId: number };

export function togglePlan(planId: number, toggle: PlanToggle): Promise<PlanResponse> {
  const path =
    toggle.kind === 'hide'
      ? `/plans/${planId}/hide`
      : toggle.kind === 'enable'
        ? `/plans/${planId}/toggle`
        : `/plans/${planId}/labels/${toggle.labelId}`;
  return apiFetch('shop', path, planResponse, { method: 'PUT' });
}

export const useTogglePlan = (planId: number) =>
  useActionMutation({
    mutationFn: (toggle: PlanToggle) => togglePlan(planId, toggle),
    refresh: refreshDeveloperData,
  });
