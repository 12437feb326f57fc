-- Every instance on this database LISTENs on assistant_platform_changes and empties its token and
-- agent caches when a notification arrives (src/db/postgres/notify-watch.ts). Triggers send it, so
-- every writer is seen (another instance, the CLI, psql), and only once its transaction commits.
-- Inserts are not announced: the caches hold only rows that were found, which an insert cannot
-- make stale.
CREATE FUNCTION "assistant_platform_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('assistant_platform_changes', TG_TABLE_NAME);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "api_tokens_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "api_tokens"
	FOR EACH STATEMENT EXECUTE FUNCTION "assistant_platform_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "agents_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "agents"
	FOR EACH STATEMENT EXECUTE FUNCTION "assistant_platform_notify_change"();
