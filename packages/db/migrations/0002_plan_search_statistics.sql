-- With default statistics the planner guesses a rare search term matches ~1% of plans and walks the
-- primary key for `order by id limit N` instead of using the trigram index; finer statistics on the
-- indexed expression give it real selectivity estimates.
ALTER INDEX "plans_name_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;
