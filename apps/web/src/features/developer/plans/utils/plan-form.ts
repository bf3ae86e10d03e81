import { type CreatePlanBody, createPlanBody, type PlanResponse } from '@ember/contracts/catalog';
import { z } from '@ember/contracts/zod';

/**
 * The plan form: the contract's fields, with tags typed as one comma-separated line and handed to
 * the contract's own tag rules.
 */
export const planFormSchema = createPlanBody.extend({
  tags: z
    .string()
    .transform((text): string[] | undefined =>
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    )
    .pipe(createPlanBody.shape.tags),
});
export type PlanFormInput = z.input<typeof planFormSchema>;
export type PlanFormValues = z.output<typeof planFormSchema>;

export const EMPTY_PLAN_FORM: PlanFormInput = {
  name: '',
  description: '',
  imageUrl: '',
  tags: '',
  forumLink: '',
};

export function planFormValuesOf(plan: PlanResponse): PlanFormInput {
  return {
    name: plan.name,
    description: plan.description,
    imageUrl: plan.imageUrl ?? '',
    tags: plan.tags.join(', '),
    forumLink: plan.forumLink ?? '',
  };
}

const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((tag, index) => tag === b[index]);

/**
 * Spec §5: an edit is only sent when a field changed. Returns the body to send (the API takes the
 * whole plan), or null when nothing changed.
 */
export function changedPlanBody(plan: PlanResponse, values: PlanFormValues): CreatePlanBody | null {
  const changed =
    values.name !== plan.name ||
    values.description !== plan.description ||
    (values.imageUrl ?? null) !== plan.imageUrl ||
    (values.forumLink ?? null) !== plan.forumLink ||
    !sameTags(values.tags, plan.tags);
  return changed ? values : null;
}
