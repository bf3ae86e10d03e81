import { describe, expect, it } from 'vitest';
import { booksColumnWrites, findViolations, sqlTexts, tableOwners, tablesNamed } from './lint-sql-tables.mjs';

const owners = tableOwners();
/** A template's interpolation, as the source text has it. */
const slot = (name) => ['$', '{', name, '}'].join('');
const named = (source) => [
  ...new Set(sqlTexts(source).flatMap((text) => [...tablesNamed(text, owners.keys())])),
];

describe('the SQL text lint', () => {
  it('knows every table and its owning module from the schema files', () => {
    expect(owners.get('users')).toBe('users');
    expect(owners.get('discount_codes')).toBe('discount-codes');
    expect(owners.get('session_logs')).toBe('sessions');
    expect(owners.size).toBeGreaterThan(40);
  });

  it('finds the tables that sql templates and SQL strings name', () => {
    expect(named('db.execute(sql`select count(*) from users where enabled`)')).toEqual(['users']);
    expect(
      named("const q = 'select plan_id from subscriptions s join plans p on p.id = s.plan_id';"),
    ).toEqual(expect.arrayContaining(['subscriptions', 'plans']));
    expect(named(`sql\`update "orders" set status = ${slot('status')}\``)).toEqual(['orders']);
    expect(named('sql`coalesce(users.balance, 0)`')).toEqual(['users']);
  });

  it('does not read words in prose or interpolated tables as SQL', () => {
    expect(named("throw new Invalid('Only users from the chat server may vote.');")).toEqual([]);
    expect(named(`sql\`select count(*) from ${slot('users')}\``)).toEqual([]);
    expect(named(`sql\`${slot('t.balance')} >= 0\``)).toEqual([]);
  });

  it("fails a module's write of the books' columns", () => {
    expect(booksColumnWrites('tx.update(users).set({ balance: 0 })')).toBe(true);
    expect(booksColumnWrites('sql`update users set earnings = 0`')).toBe(true);
    expect(booksColumnWrites('db.select({ balance: users.balance }).from(users)')).toBe(false);
  });

  it('finds nothing on the tree as it is', () => {
    expect(findViolations()).toEqual([]);
  });
});
