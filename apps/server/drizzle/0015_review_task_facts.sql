ALTER TABLE "reviews" ADD COLUMN "task_price" bigint;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "task_assignee_id" uuid;--> statement-breakpoint
-- DESIGN §19's earned-review rule reads the reviewed task's price and assignee. Copied onto each
-- review and kept by the database, so that ranking thousands of developers by rating (matching,
-- §17) reads one covering index instead of probing tasks once per review.
UPDATE "reviews" r SET "task_price" = t."price", "task_assignee_id" = t."assignee_id" FROM "tasks" t WHERE t."id" = r."task_id";--> statement-breakpoint
CREATE FUNCTION review_task_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT t.price, t.assignee_id INTO NEW.task_price, NEW.task_assignee_id FROM tasks t WHERE t.id = NEW.task_id;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER reviews_task_facts BEFORE INSERT OR UPDATE OF task_id, task_price, task_assignee_id ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION review_task_facts();--> statement-breakpoint
CREATE FUNCTION task_review_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reviews SET task_price = NEW.price, task_assignee_id = NEW.assignee_id WHERE task_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER tasks_review_facts AFTER UPDATE OF price, assignee_id ON "tasks" FOR EACH ROW
  WHEN (OLD.price IS DISTINCT FROM NEW.price OR OLD.assignee_id IS DISTINCT FROM NEW.assignee_id)
  EXECUTE FUNCTION task_review_facts();--> statement-breakpoint
DROP INDEX "reviews_reviewee_idx";--> statement-breakpoint
CREATE INDEX "reviews_reviewee_idx" ON "reviews" USING btree ("reviewee_id","visible_at") INCLUDE ("rating","task_price","task_assignee_id");
