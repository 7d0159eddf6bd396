CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"opened_by" uuid NOT NULL,
	"assignee_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	"outcome" text,
	"amount" bigint,
	"resolved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "activities" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "kind" text DEFAULT 'comment' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "review_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "counterparty_id" uuid;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_one_open_key" ON "disputes" USING btree ("task_id") WHERE "disputes"."status" = 'Open';--> statement-breakpoint
CREATE INDEX "disputes_status_idx" ON "disputes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "disputes_task_idx" ON "disputes" USING btree ("task_id","created_at");--> statement-breakpoint
-- custom (keep when renumbering): settled holds of deleted tasks carry no money; drop them so the foreign key can hold.
DELETE FROM "escrow_holds" h WHERE h."status" <> 'held' AND NOT EXISTS (SELECT 1 FROM "tasks" t WHERE t."id" = h."task_id");--> statement-breakpoint
ALTER TABLE "escrow_holds" ADD CONSTRAINT "escrow_holds_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_counterparty_id_users_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- custom (keep when renumbering): describe the rows written before descriptions existed.
UPDATE "transactions" t SET "description" = 'Payment for ' || k."identifier" || ' ' || k."summary" FROM "tasks" k WHERE k."id" = t."task_id" AND t."type" IN ('Payment-Out', 'Payment-In');--> statement-breakpoint
UPDATE "transactions" t SET "counterparty_id" = o."user_id" FROM "transactions" o WHERE t."task_id" IS NOT NULL AND o."task_id" = t."task_id" AND ((t."type" = 'Payment-Out' AND o."type" = 'Payment-In') OR (t."type" = 'Payment-In' AND o."type" = 'Payment-Out'));--> statement-breakpoint
UPDATE "transactions" SET "description" = 'Payment for a deleted task' WHERE "description" = '' AND "type" IN ('Payment-Out', 'Payment-In');--> statement-breakpoint
UPDATE "transactions" SET "description" = "currency" || ' deposit' WHERE "description" = '' AND "type" = 'Deposit';--> statement-breakpoint
UPDATE "transactions" SET "description" = "currency" || ' withdrawal to ' || coalesce("address", '') WHERE "description" = '' AND "type" = 'Withdrawal';
