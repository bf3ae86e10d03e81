import type { ReactNode } from 'react';
import { Card } from '../ui/card/card.tsx';
import { type Fact, FactList } from './fact-list.tsx';

interface InfoCardProps {
  title: string;
  facts: readonly Fact[];
  /** Opens the edit dialog (the card's own). */
  onEdit: () => void;
  /** Under the facts: a description, actions, the dialogs. */
  children?: ReactNode;
}

/** A dashboard's information card (plan, price, repository): its facts, with Edit in the header. */
export function InfoCard({ title, facts, onEdit, children }: InfoCardProps) {
  return (
    <Card title={title} action={{ text: 'Edit', onClick: onEdit, variant: 'secondary' }}>
      <FactList facts={facts} />
      {children}
    </Card>
  );
}
