-- portal:expand-only
-- Issue 38, decision 0041: a keyed hash of each profile's date of birth, so the worklist's search
-- by date reads an index instead of opening every profile of the queue. The key lives in the
-- server, so SQL cannot fill the column: the server's `date-of-birth-hashes` job hashes existing
-- profiles, and until it has, the search opens the ones left. The hash counts only while its
-- version is the profile's: a node of the previous release saves a profile without it.
ALTER TABLE "patient_resources" ADD COLUMN "date_of_birth_hash" text;--> statement-breakpoint
ALTER TABLE "patient_resources" ADD COLUMN "date_of_birth_hash_version" integer;--> statement-breakpoint
CREATE INDEX "patient_resources_date_of_birth_hash_idx" ON "patient_resources" USING btree ("date_of_birth_hash") WHERE kind = 'profile';--> statement-breakpoint
CREATE INDEX "patient_resources_date_of_birth_unhashed_idx" ON "patient_resources" USING btree ("user_id") WHERE kind = 'profile' and date_of_birth_hash_version is distinct from version;