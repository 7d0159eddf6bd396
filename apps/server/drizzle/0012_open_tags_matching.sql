-- custom (keep when renumbering)
-- DESIGN §19 open tags: a tag list's keys are its tags lower-cased, unique and sorted. Immutable, so
-- the generated "tag_keys" columns below (and their GIN indexes) can use it; existing rows get
-- their keys when the columns are added, so no data is rewritten or lost.
CREATE OR REPLACE FUNCTION tag_keys(tags text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(DISTINCT lower(btrim(t)) ORDER BY lower(btrim(t))), '{}'::text[]) FROM unnest(tags) AS t WHERE btrim(t) <> '' $$;--> statement-breakpoint
DROP INDEX "users_tags_idx";--> statement-breakpoint
DROP INDEX "projects_tags_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tag_keys" text[] GENERATED ALWAYS AS (tag_keys(tags)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "tag_keys" text[] GENERATED ALWAYS AS (tag_keys(string_to_array(tags, ','))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_dev_tag_keys_idx" ON "users" USING gin ("tag_keys") WHERE "users"."type" = 'Developer' and "users"."review_status" = 'approved';--> statement-breakpoint
CREATE INDEX "projects_tag_keys_idx" ON "projects" USING gin ("tag_keys");--> statement-breakpoint
CREATE INDEX "applications_user_idx" ON "applications" USING btree ("user_id");