import type { LabelResponse } from '@ember/contracts/catalog';
import type { Db } from './db.ts';
import { findAllLabels } from './labels.repository.ts';

export function createLabelsService({ db }: { db: Db }) {
  return {
    listLabels(): Promise<LabelResponse[]> {
      return findAllLabels(db);
    },
  };
}

export type LabelsService = ReturnType<typeof createLabelsService>;
