CREATE TABLE "chain_addresses" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"n" integer NOT NULL,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_blocks" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_cursor" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_payouts" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"from_address" text,
	"nonce" integer,
	"raw_tx" text,
	"tx_hash" text,
	"value" numeric(78, 0),
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_transfers" (
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"currency" text NOT NULL,
	"user_id" uuid NOT NULL,
	"to_address" text NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	"status" text DEFAULT 'seen' NOT NULL,
	"transaction_id" uuid,
	"credited_amount" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "confirmations" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "confirmations_required" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "tx_hash" text;--> statement-breakpoint
ALTER TABLE "chain_addresses" ADD CONSTRAINT "chain_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_payouts" ADD CONSTRAINT "chain_payouts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_addresses_n_key" ON "chain_addresses" USING btree ("n");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_addresses_address_key" ON "chain_addresses" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_blocks_key" ON "chain_blocks" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_payouts_nonce_key" ON "chain_payouts" USING btree ("from_address","nonce") WHERE "chain_payouts"."nonce" is not null;--> statement-breakpoint
CREATE INDEX "chain_payouts_status_idx" ON "chain_payouts" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transfers_key" ON "chain_transfers" USING btree ("tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "chain_transfers_open_idx" ON "chain_transfers" USING btree ("status","block_number");