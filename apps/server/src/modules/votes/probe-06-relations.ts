import * as relations from '@ember/db/schema/relations';
export const probe06 = relations;
