DROP INDEX "discount_redemptions_email_uq";--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD COLUMN "mailbox" text;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
-- The mailbox of each address bound before (src/shared/mailbox.ts: lower case, no +tag, Gmail
-- without dots on gmail.com). Where two uses of a code not given back share one mailbox, the first
-- keeps it and the later ones none: they were allowed then, and the unique index below must hold.
WITH boxes AS (
  SELECT id, discount_id, status,
    CASE WHEN domain IN ('gmail.com', 'googlemail.com') THEN replace(local, '.', '') || '@gmail.com'
         ELSE local || '@' || domain END AS mailbox
  FROM (
    SELECT id, discount_id, status,
      regexp_replace(regexp_replace(lower(email), '@[^@]*$', ''), '(.)\+.*$', '\1') AS local,
      substring(lower(email) from '@([^@]*)$') AS domain
    FROM discount_redemptions
    WHERE email IS NOT NULL AND email LIKE '%@%'
  ) parts
), firsts AS (
  SELECT id, mailbox,
    row_number() OVER (PARTITION BY discount_id, mailbox, status <> 'released' ORDER BY id) AS n
  FROM boxes
)
UPDATE discount_redemptions r SET mailbox = f.mailbox
FROM firsts f
WHERE r.id = f.id AND (f.n = 1 OR r.status = 'released');--> statement-breakpoint
-- Uses reserved by open checkouts last as long as a page renews them, from now on.
UPDATE discount_redemptions SET held_until = now() + interval '10 minutes' WHERE status = 'reserved';--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_mailbox_uq" ON "discount_redemptions" USING btree ("discount_id","mailbox") WHERE "discount_redemptions"."mailbox" is not null and "discount_redemptions"."status" <> 'released';--> statement-breakpoint
CREATE INDEX "discount_redemptions_held_idx" ON "discount_redemptions" USING btree ("held_until") WHERE "discount_redemptions"."status" = 'reserved';
