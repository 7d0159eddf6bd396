CREATE UNIQUE INDEX "projects_key_key" ON "projects" USING btree ("key");--> statement-breakpoint
CREATE INDEX "projects_tags_idx" ON "projects" USING gin (string_to_array("tags", ','));