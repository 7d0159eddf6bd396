CREATE TABLE "solvency_leaf_sets" (
	"snapshot_id" uuid PRIMARY KEY NOT NULL,
	"user_ids" "bytea" NOT NULL,
	"by_position" "bytea" NOT NULL,
	"nonces" "bytea" NOT NULL,
	"balances" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "solvency_leaf_sets" ADD CONSTRAINT "solvency_leaf_sets_snapshot_id_solvency_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."solvency_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solvency_leaf_sets" ALTER COLUMN "user_ids" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "solvency_leaf_sets" ALTER COLUMN "by_position" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "solvency_leaf_sets" ALTER COLUMN "nonces" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "solvency_leaf_sets" ALTER COLUMN "balances" SET STORAGE EXTERNAL;--> statement-breakpoint
-- Every snapshot published so far keeps its leaves, packed in user-id order (older proofs stay
-- checkable); then the row-per-leaf table goes, and so do levels 0-3, which proofs now rebuild.
INSERT INTO "solvency_leaf_sets" ("snapshot_id", "user_ids", "by_position", "nonces", "balances")
SELECT "snapshot_id",
  string_agg(uuid_send("user_id"), ''::bytea ORDER BY "user_id"),
  string_agg(int4send("rank"), ''::bytea ORDER BY "position"),
  string_agg("nonce", ''::bytea ORDER BY "user_id"),
  string_agg(int8send("balance"), ''::bytea ORDER BY "user_id")
FROM (
  SELECT *, (row_number() OVER (PARTITION BY "snapshot_id" ORDER BY "user_id") - 1)::int AS "rank" FROM "solvency_leaves"
) AS l
GROUP BY "snapshot_id";--> statement-breakpoint
INSERT INTO "solvency_leaf_sets" ("snapshot_id", "user_ids", "by_position", "nonces", "balances")
SELECT "id", ''::bytea, ''::bytea, ''::bytea, ''::bytea FROM "solvency_snapshots"
WHERE NOT EXISTS (SELECT 1 FROM "solvency_leaf_sets" s WHERE s."snapshot_id" = "solvency_snapshots"."id");--> statement-breakpoint
DROP TABLE "solvency_leaves";--> statement-breakpoint
DELETE FROM "solvency_levels" WHERE "level" < 4;
