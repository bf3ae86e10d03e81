import { seedDemoData } from '@ember/db/seed/seed';
export const probe07 = seedDemoData;
