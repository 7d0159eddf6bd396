-- custom (keep when renumbering)
-- DESIGN §17 matching from narrow side tables: one row per (tag key, approved developer) and per
-- (tag key, public project), so a tag's candidates and their matched-tag counts are an index-only
-- scan of the primary key (created_at, the last ranking key, is INCLUDEd) instead of a bitmap heap
-- scan of the wide users and projects rows; and one row per pair of their keys (a < b), so those
-- sharing two or more tags, who rank first, are found without counting every one-tag match
-- (docs/performance.md, "Matching").
-- The database keeps them true, so every write path does (profile edits, sign-up, approval,
-- visibility changes, seeds, seed-scale's bulk SQL): inserts by a statement trigger over the new
-- rows, updates of the columns they copy by a row trigger that rewrites the row's keys, deletes by
-- the foreign keys. Existing rows are copied below.
CREATE TABLE "user_tag_keys" (
	"tag_key" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_tag_keys_tag_key_user_id_pk" PRIMARY KEY("tag_key","user_id") INCLUDE ("created_at")
);
--> statement-breakpoint
CREATE TABLE "project_tag_keys" (
	"tag_key" text NOT NULL,
	"project_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "project_tag_keys_tag_key_project_id_pk" PRIMARY KEY("tag_key","project_id") INCLUDE ("created_at")
);
--> statement-breakpoint
ALTER TABLE "user_tag_keys" ADD CONSTRAINT "user_tag_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tag_keys" ADD CONSTRAINT "project_tag_keys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "user_tag_pairs" (
	"tag_key_a" text NOT NULL,
	"tag_key_b" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_tag_pairs_tag_key_a_tag_key_b_user_id_pk" PRIMARY KEY("tag_key_a","tag_key_b","user_id") INCLUDE ("created_at")
);
--> statement-breakpoint
CREATE TABLE "project_tag_pairs" (
	"tag_key_a" text NOT NULL,
	"tag_key_b" text NOT NULL,
	"project_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "project_tag_pairs_tag_key_a_tag_key_b_project_id_pk" PRIMARY KEY("tag_key_a","tag_key_b","project_id") INCLUDE ("created_at")
);
--> statement-breakpoint
ALTER TABLE "user_tag_pairs" ADD CONSTRAINT "user_tag_pairs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tag_pairs" ADD CONSTRAINT "project_tag_pairs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_tag_pairs_user_idx" ON "user_tag_pairs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "project_tag_pairs_project_idx" ON "project_tag_pairs" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "user_tag_keys_user_idx" ON "user_tag_keys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "project_tag_keys_project_idx" ON "project_tag_keys" USING btree ("project_id");--> statement-breakpoint
CREATE FUNCTION user_tag_keys_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_tag_keys (tag_key, user_id, created_at)
    SELECT k, n.id, n.created_at FROM new_users n CROSS JOIN LATERAL unnest(n.tag_keys) AS k
    WHERE n.type = 'Developer' AND n.review_status = 'approved';
  INSERT INTO user_tag_pairs (tag_key_a, tag_key_b, user_id, created_at)
    SELECT a, b, n.id, n.created_at FROM new_users n CROSS JOIN LATERAL unnest(n.tag_keys) AS a CROSS JOIN LATERAL unnest(n.tag_keys) AS b
    WHERE a < b AND n.type = 'Developer' AND n.review_status = 'approved';
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION user_tag_keys_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_tag_keys WHERE user_id = OLD.id;
  DELETE FROM user_tag_pairs WHERE user_id = OLD.id;
  IF NEW.type = 'Developer' AND NEW.review_status = 'approved' THEN
    INSERT INTO user_tag_keys (tag_key, user_id, created_at) SELECT k, NEW.id, NEW.created_at FROM unnest(NEW.tag_keys) AS k;
    INSERT INTO user_tag_pairs (tag_key_a, tag_key_b, user_id, created_at)
      SELECT a, b, NEW.id, NEW.created_at FROM unnest(NEW.tag_keys) AS a CROSS JOIN unnest(NEW.tag_keys) AS b WHERE a < b;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_tag_keys_insert AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_users
  FOR EACH STATEMENT EXECUTE FUNCTION user_tag_keys_insert();--> statement-breakpoint
CREATE TRIGGER users_tag_keys_update AFTER UPDATE OF tags, type, review_status, created_at ON "users" FOR EACH ROW
  WHEN (OLD.tags IS DISTINCT FROM NEW.tags OR OLD.type IS DISTINCT FROM NEW.type
    OR OLD.review_status IS DISTINCT FROM NEW.review_status OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION user_tag_keys_update();--> statement-breakpoint
CREATE FUNCTION project_tag_keys_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_tag_keys (tag_key, project_id, created_at)
    SELECT k, n.id, n.created_at FROM new_projects n CROSS JOIN LATERAL unnest(n.tag_keys) AS k
    WHERE n.visibility = 'Public';
  INSERT INTO project_tag_pairs (tag_key_a, tag_key_b, project_id, created_at)
    SELECT a, b, n.id, n.created_at FROM new_projects n CROSS JOIN LATERAL unnest(n.tag_keys) AS a CROSS JOIN LATERAL unnest(n.tag_keys) AS b
    WHERE a < b AND n.visibility = 'Public';
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION project_tag_keys_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM project_tag_keys WHERE project_id = OLD.id;
  DELETE FROM project_tag_pairs WHERE project_id = OLD.id;
  IF NEW.visibility = 'Public' THEN
    INSERT INTO project_tag_keys (tag_key, project_id, created_at) SELECT k, NEW.id, NEW.created_at FROM unnest(NEW.tag_keys) AS k;
    INSERT INTO project_tag_pairs (tag_key_a, tag_key_b, project_id, created_at)
      SELECT a, b, NEW.id, NEW.created_at FROM unnest(NEW.tag_keys) AS a CROSS JOIN unnest(NEW.tag_keys) AS b WHERE a < b;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER projects_tag_keys_insert AFTER INSERT ON "projects" REFERENCING NEW TABLE AS new_projects
  FOR EACH STATEMENT EXECUTE FUNCTION project_tag_keys_insert();--> statement-breakpoint
CREATE TRIGGER projects_tag_keys_update AFTER UPDATE OF tags, visibility, created_at ON "projects" FOR EACH ROW
  WHEN (OLD.tags IS DISTINCT FROM NEW.tags OR OLD.visibility IS DISTINCT FROM NEW.visibility
    OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION project_tag_keys_update();--> statement-breakpoint
INSERT INTO user_tag_keys (tag_key, user_id, created_at)
  SELECT k, u.id, u.created_at FROM users u CROSS JOIN LATERAL unnest(u.tag_keys) AS k
  WHERE u.type = 'Developer' AND u.review_status = 'approved';--> statement-breakpoint
INSERT INTO project_tag_keys (tag_key, project_id, created_at)
  SELECT k, p.id, p.created_at FROM projects p CROSS JOIN LATERAL unnest(p.tag_keys) AS k
  WHERE p.visibility = 'Public';--> statement-breakpoint
INSERT INTO user_tag_pairs (tag_key_a, tag_key_b, user_id, created_at)
  SELECT a, b, u.id, u.created_at FROM users u CROSS JOIN LATERAL unnest(u.tag_keys) AS a CROSS JOIN LATERAL unnest(u.tag_keys) AS b
  WHERE a < b AND u.type = 'Developer' AND u.review_status = 'approved';--> statement-breakpoint
INSERT INTO project_tag_pairs (tag_key_a, tag_key_b, project_id, created_at)
  SELECT a, b, p.id, p.created_at FROM projects p CROSS JOIN LATERAL unnest(p.tag_keys) AS a CROSS JOIN LATERAL unnest(p.tag_keys) AS b
  WHERE a < b AND p.visibility = 'Public';--> statement-breakpoint
ANALYZE user_tag_keys;--> statement-breakpoint
ANALYZE project_tag_keys;--> statement-breakpoint
ANALYZE user_tag_pairs;--> statement-breakpoint
ANALYZE project_tag_pairs;
