-- portal:expand-only
-- Issue 36: the worklist counts all thirteen queues on every request, so each count must read an
-- index. The rental's end is kept on the order, so "rentals ending" reads one instead of taking
-- every rental's longest item on each request (36 ms per count at 5,000 rentals). A trigger sets it when the rental starts, so a node of the release before this one,
-- which does not know the column, still starts rentals the queue finds. The end is fixed then:
-- a later change to the catalogue's months does not move a rental already running.
ALTER TABLE "device_orders" ADD COLUMN "rental_ends_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "device_orders_rental_ends_idx" ON "device_orders" USING btree ("rental_ends_at") WHERE status = 'in_rental';--> statement-breakpoint
-- Months are added on the UTC calendar, clamped to the month's last day (31 January + 1 month is
-- 28 February), as the server counts the rental's months.
CREATE FUNCTION "device_order_rental_end"("order_id" uuid, "started_at" timestamptz) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT ((started_at AT TIME ZONE 'UTC') + max(c.rental_months) * interval '1 month') AT TIME ZONE 'UTC'
  FROM device_order_items i JOIN catalogue_items c ON c.id = i.catalogue_item_id
  WHERE i.order_id = device_order_rental_end.order_id
$$;--> statement-breakpoint
CREATE FUNCTION "device_orders_set_rental_end"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.rental_started_at IS NULL THEN
    NEW.rental_ends_at := NULL;
  ELSIF NEW.rental_ends_at IS NULL OR NEW.rental_started_at IS DISTINCT FROM OLD.rental_started_at THEN
    NEW.rental_ends_at := device_order_rental_end(NEW.id, NEW.rental_started_at);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "device_orders_rental_end"
  BEFORE UPDATE OF "rental_started_at" ON "device_orders"
  FOR EACH ROW EXECUTE FUNCTION "device_orders_set_rental_end"();--> statement-breakpoint
UPDATE "device_orders" SET "rental_ends_at" = device_order_rental_end("id", "rental_started_at")
  WHERE "rental_started_at" IS NOT NULL;
--> statement-breakpoint
-- "Overdue" counts approved or scheduled orders with nothing dispatched: an index of just those
-- (the one it replaces held approved orders only, and the count read the table). Old nodes name no
-- index, so dropping it is safe beside them.
DROP INDEX "device_orders_approved_idx";--> statement-breakpoint
CREATE INDEX "device_orders_overdue_idx" ON "device_orders" USING btree ("approved_at") WHERE status in ('approved', 'delivery_scheduled') and dispatched_at is null;--> statement-breakpoint
-- The accounts that are not patients, few beside the patients: "unread messages" leaves their
-- conversations out by this index instead of joining every patient (5.7 ms of 13 at 10,000).
CREATE INDEX "users_not_patient_idx" ON "users" USING btree ("id") WHERE not is_patient;
--> statement-breakpoint
-- "On hold" waits since each order's oldest open hold, and shows how many orders each reason holds.
-- The first is kept on the order by a trigger on the holds, so the page reads an index instead of
-- taking every held order's oldest hold (11 ms at 4,000 orders on hold); for the second, an order
-- leaving its hold (cancelled) closes what was still open, by a trigger so a node of the previous
-- release does it too, and the open holds alone are then the held orders' (10 ms to 1).
ALTER TABLE "device_orders" ADD COLUMN "held_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "device_orders_held_idx" ON "device_orders" USING btree ("held_since") WHERE status = 'on_hold';--> statement-breakpoint
CREATE FUNCTION "device_order_holds_set_held_since"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.order_id ELSE NEW.order_id END;
BEGIN
  UPDATE device_orders SET held_since = (
    SELECT min(h.opened_at) FROM device_order_holds h WHERE h.order_id = changed AND h.cleared_at IS NULL
  ) WHERE id = changed;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "device_order_holds_held_since"
  AFTER INSERT OR DELETE OR UPDATE OF "cleared_at" ON "device_order_holds"
  FOR EACH ROW EXECUTE FUNCTION "device_order_holds_set_held_since"();--> statement-breakpoint
CREATE FUNCTION "device_orders_close_holds"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE device_order_holds SET cleared_at = NEW.updated_at
    WHERE order_id = NEW.id AND cleared_at IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "device_orders_close_holds"
  AFTER UPDATE OF "status" ON "device_orders"
  FOR EACH ROW WHEN (OLD.status = 'on_hold' AND NEW.status <> 'on_hold')
  EXECUTE FUNCTION "device_orders_close_holds"();--> statement-breakpoint
UPDATE "device_order_holds" h SET "cleared_at" = o."updated_at"
  FROM "device_orders" o
  WHERE o."id" = h."order_id" AND o."status" <> 'on_hold' AND h."cleared_at" IS NULL;--> statement-breakpoint
UPDATE "device_orders" o SET "held_since" = (
    SELECT min(h."opened_at") FROM "device_order_holds" h WHERE h."order_id" = o."id" AND h."cleared_at" IS NULL
  ) WHERE o."status" = 'on_hold';
