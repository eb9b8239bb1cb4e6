ALTER TABLE "scans" DROP CONSTRAINT "scans_qr_id_qr_codes_id_fk";
--> statement-breakpoint
-- A QR's scans go with the QR, as the foreign key's "on delete cascade" did.
CREATE FUNCTION "scans_delete_with_qr"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "scans" WHERE "qr_id" = OLD."id";
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "scans_delete_with_qr" AFTER DELETE ON "qr_codes"
  FOR EACH ROW EXECUTE FUNCTION "scans_delete_with_qr"();
