DROP INDEX "chain_payouts_nonce_key";--> statement-breakpoint
ALTER TABLE "chain_payouts" ADD COLUMN "from_address" text;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_payouts_nonce_key" ON "chain_payouts" USING btree ("from_address","nonce") WHERE "chain_payouts"."nonce" is not null;