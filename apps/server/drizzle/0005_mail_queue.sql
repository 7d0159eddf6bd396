ALTER TABLE "outbox" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- custom (keep when renumbering)
-- Mail written before the queue existed: delivered, failed once (never retried), or logged only.
UPDATE "outbox" SET "status" = CASE WHEN "sent_at" IS NOT NULL THEN 'sent' WHEN "error" IS NOT NULL THEN 'dead' ELSE 'logged' END, "attempts" = CASE WHEN "sent_at" IS NOT NULL OR "error" IS NOT NULL THEN 1 ELSE 0 END;
