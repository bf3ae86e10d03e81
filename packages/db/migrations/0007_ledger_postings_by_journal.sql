DROP INDEX "ledger_entries_entity_id_idx";--> statement-breakpoint
DROP INDEX "ledger_entries_idempotency_key_key";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "journal_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP COLUMN "entity_id";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP COLUMN "idempotency_key";