CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solvency_leaves" (
	"snapshot_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"nonce" "bytea" NOT NULL,
	"balance" bigint NOT NULL,
	CONSTRAINT "solvency_leaves_snapshot_id_user_id_pk" PRIMARY KEY("snapshot_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "solvency_levels" (
	"snapshot_id" uuid NOT NULL,
	"level" integer NOT NULL,
	"count" integer NOT NULL,
	"hashes" "bytea" NOT NULL,
	"sums" "bytea" NOT NULL,
	CONSTRAINT "solvency_levels_snapshot_id_level_pk" PRIMARY KEY("snapshot_id","level")
);
--> statement-breakpoint
CREATE TABLE "solvency_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"root_hash" text NOT NULL,
	"root_sum" bigint NOT NULL,
	"leaf_count" integer NOT NULL,
	"ledger_total" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "solvency_leaves" ADD CONSTRAINT "solvency_leaves_snapshot_id_solvency_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."solvency_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solvency_levels" ADD CONSTRAINT "solvency_levels_snapshot_id_solvency_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."solvency_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "solvency_snapshots_published_idx" ON "solvency_snapshots" USING btree ("published_at");--> statement-breakpoint
ALTER TABLE "solvency_levels" ALTER COLUMN "hashes" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "solvency_levels" ALTER COLUMN "sums" SET STORAGE EXTERNAL;--> statement-breakpoint
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
