import type { JournalReferenceKind } from '@ember/contracts/enums';

const REFERENCE_KIND_LABELS: Record<JournalReferenceKind, string> = {
  SUBSCRIPTION: 'Subscription',
  ORDER: 'Order',
  PAYOUT: 'Payout',
  USER: 'User',
};

/** What a journal paid for, as people say it: 'Order'. */
export function referenceKindLabel(kind: JournalReferenceKind): string {
  return REFERENCE_KIND_LABELS[kind];
}
