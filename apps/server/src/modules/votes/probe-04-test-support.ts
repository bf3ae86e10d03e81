import { createTestApp } from '../../../test-support/test-app.ts';
export const probe04 = createTestApp;
