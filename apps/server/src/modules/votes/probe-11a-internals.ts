import * as repository from '../users/users.repository.ts';
export const probe11a = repository;
