import * as schema from '@ember/db/schema/index';
export const probe05 = schema.votes;
