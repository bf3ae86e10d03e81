-- A discount code may have no end date (issue 26, item 10): null, not a far-future sentinel.
ALTER TABLE "discount_codes" ALTER COLUMN "valid_until" DROP NOT NULL;
