CREATE TABLE "scan_day_stats" (
	"owner_id" text NOT NULL,
	"day" date NOT NULL,
	"scans" integer NOT NULL,
	"located" integer NOT NULL,
	"hours" integer[] NOT NULL,
	"devices" jsonb NOT NULL,
	"systems" jsonb NOT NULL,
	CONSTRAINT "scan_day_stats_owner_id_day_pk" PRIMARY KEY("owner_id","day")
);
--> statement-breakpoint
CREATE TABLE "scan_qr_day_stats" (
	"qr_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"day" date NOT NULL,
	"scans" integer NOT NULL,
	"located" integer NOT NULL,
	"hours" integer[] NOT NULL,
	"devices" jsonb NOT NULL,
	"systems" jsonb NOT NULL,
	CONSTRAINT "scan_qr_day_stats_qr_id_day_pk" PRIMARY KEY("qr_id","day")
);
--> statement-breakpoint
CREATE INDEX "scan_qr_day_stats_owner_idx" ON "scan_qr_day_stats" USING btree ("owner_id","day");--> statement-breakpoint
CREATE INDEX "calls_owner_idx" ON "calls" USING btree ("owner_id","created_at");--> statement-breakpoint
-- Counts of a day: 24 hours, and maps of a device type or operating system to its count.
CREATE FUNCTION "hour_counts"(hour int, n int) RETURNS int[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_agg(CASE WHEN i = hour THEN n ELSE 0 END ORDER BY i) FROM generate_series(0, 23) i
$$;
--> statement-breakpoint
CREATE FUNCTION "add_counts"(a int[], b int[]) RETURNS int[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_agg(coalesce(x, 0) + coalesce(y, 0) ORDER BY i) FROM unnest(a, b) WITH ORDINALITY AS u(x, y, i)
$$;
--> statement-breakpoint
CREATE AGGREGATE "sum_counts"(int[]) (
  SFUNC = "add_counts", STYPE = int[], INITCOND = '{0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0}'
);
--> statement-breakpoint
-- Adds two maps of counts; a key whose count comes to 0 is dropped.
CREATE FUNCTION "add_count_maps"(a jsonb, b jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(jsonb_object_agg(key, total), '{}'::jsonb)
  FROM (
    SELECT key, sum(value::int) AS total
    FROM (SELECT * FROM jsonb_each_text(coalesce(a, '{}'::jsonb))
          UNION ALL SELECT * FROM jsonb_each_text(coalesce(b, '{}'::jsonb))) pairs
    GROUP BY key HAVING sum(value::int) <> 0
  ) sums
$$;
--> statement-breakpoint
CREATE AGGREGATE "sum_count_maps"(jsonb) (SFUNC = "add_count_maps", STYPE = jsonb, INITCOND = '{}');
--> statement-breakpoint
-- Applies changes to the day counts: a JSON array of {o: owner, q: qr, d: India day, h: India
-- hour, t: device type, s: operating system, n: scans (+ or -), l: located scans (+ or -)}.
CREATE FUNCTION "scan_stats_apply"(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "scan_qr_day_stats" AS t (qr_id, owner_id, day, scans, located, hours, devices, systems)
  SELECT e->>'q', e->>'o', (e->>'d')::date, sum((e->>'n')::int), sum((e->>'l')::int),
         sum_counts(hour_counts((e->>'h')::int, (e->>'n')::int)),
         sum_count_maps(jsonb_build_object(e->>'t', (e->>'n')::int)),
         sum_count_maps(jsonb_build_object(e->>'s', (e->>'n')::int))
  FROM jsonb_array_elements(changes) e
  GROUP BY 1, 2, 3 ORDER BY 1, 3
  ON CONFLICT (qr_id, day) DO UPDATE SET
    scans = t.scans + excluded.scans, located = t.located + excluded.located,
    hours = add_counts(t.hours, excluded.hours),
    devices = add_count_maps(t.devices, excluded.devices),
    systems = add_count_maps(t.systems, excluded.systems);
  INSERT INTO "scan_day_stats" AS t (owner_id, day, scans, located, hours, devices, systems)
  SELECT e->>'o', (e->>'d')::date, sum((e->>'n')::int), sum((e->>'l')::int),
         sum_counts(hour_counts((e->>'h')::int, (e->>'n')::int)),
         sum_count_maps(jsonb_build_object(e->>'t', (e->>'n')::int)),
         sum_count_maps(jsonb_build_object(e->>'s', (e->>'n')::int))
  FROM jsonb_array_elements(changes) e
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (owner_id, day) DO UPDATE SET
    scans = t.scans + excluded.scans, located = t.located + excluded.located,
    hours = add_counts(t.hours, excluded.hours),
    devices = add_count_maps(t.devices, excluded.devices),
    systems = add_count_maps(t.systems, excluded.systems);
  DELETE FROM "scan_qr_day_stats" s USING jsonb_array_elements(changes) e
  WHERE s.scans <= 0 AND s.qr_id = e->>'q' AND s.day = (e->>'d')::date;
  DELETE FROM "scan_day_stats" s USING jsonb_array_elements(changes) e
  WHERE s.scans <= 0 AND s.owner_id = e->>'o' AND s.day = (e->>'d')::date;
$$;
--> statement-breakpoint
-- Inserted scans are added, deleted ones taken away, in the statement that inserts or deletes them.
CREATE FUNCTION "scan_stats_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One set-based statement, no function call per scan: it runs in every scan batch's statement.
  WITH g AS (
    SELECT qr_id, owner_id, (scanned_at AT TIME ZONE 'Asia/Kolkata')::date AS day,
           extract(hour FROM scanned_at AT TIME ZONE 'Asia/Kolkata')::int AS hour,
           coalesce(device_info->>'deviceType', 'unknown') AS device,
           coalesce(device_info->>'os', 'unknown') AS os, count(*)::int AS n,
           count(latitude)::int AS l
    FROM new_scans GROUP BY 1, 2, 3, 4, 5, 6
  ), q_devices AS (
    SELECT qr_id, owner_id, day, jsonb_object_agg(device, n) AS m
    FROM (SELECT qr_id, owner_id, day, device, sum(n)::int AS n FROM g GROUP BY qr_id, owner_id, day, device) d GROUP BY qr_id, owner_id, day
  ), q_systems AS (
    SELECT qr_id, owner_id, day, jsonb_object_agg(os, n) AS m
    FROM (SELECT qr_id, owner_id, day, os, sum(n)::int AS n FROM g GROUP BY qr_id, owner_id, day, os) d GROUP BY qr_id, owner_id, day
  ), q_totals AS (
    SELECT qr_id, owner_id, day, sum(n)::int AS scans, sum(l)::int AS located,
           ARRAY[
             coalesce(sum(n) FILTER (WHERE hour = 0), 0),
             coalesce(sum(n) FILTER (WHERE hour = 1), 0),
             coalesce(sum(n) FILTER (WHERE hour = 2), 0),
             coalesce(sum(n) FILTER (WHERE hour = 3), 0),
             coalesce(sum(n) FILTER (WHERE hour = 4), 0),
             coalesce(sum(n) FILTER (WHERE hour = 5), 0),
             coalesce(sum(n) FILTER (WHERE hour = 6), 0),
             coalesce(sum(n) FILTER (WHERE hour = 7), 0),
             coalesce(sum(n) FILTER (WHERE hour = 8), 0),
             coalesce(sum(n) FILTER (WHERE hour = 9), 0),
             coalesce(sum(n) FILTER (WHERE hour = 10), 0),
             coalesce(sum(n) FILTER (WHERE hour = 11), 0),
             coalesce(sum(n) FILTER (WHERE hour = 12), 0),
             coalesce(sum(n) FILTER (WHERE hour = 13), 0),
             coalesce(sum(n) FILTER (WHERE hour = 14), 0),
             coalesce(sum(n) FILTER (WHERE hour = 15), 0),
             coalesce(sum(n) FILTER (WHERE hour = 16), 0),
             coalesce(sum(n) FILTER (WHERE hour = 17), 0),
             coalesce(sum(n) FILTER (WHERE hour = 18), 0),
             coalesce(sum(n) FILTER (WHERE hour = 19), 0),
             coalesce(sum(n) FILTER (WHERE hour = 20), 0),
             coalesce(sum(n) FILTER (WHERE hour = 21), 0),
             coalesce(sum(n) FILTER (WHERE hour = 22), 0),
             coalesce(sum(n) FILTER (WHERE hour = 23), 0)
           ]::int[] AS hours
    FROM g GROUP BY qr_id, owner_id, day
  ), o_devices AS (
    SELECT owner_id, day, jsonb_object_agg(device, n) AS m
    FROM (SELECT owner_id, day, device, sum(n)::int AS n FROM g GROUP BY owner_id, day, device) d GROUP BY owner_id, day
  ), o_systems AS (
    SELECT owner_id, day, jsonb_object_agg(os, n) AS m
    FROM (SELECT owner_id, day, os, sum(n)::int AS n FROM g GROUP BY owner_id, day, os) d GROUP BY owner_id, day
  ), o_totals AS (
    SELECT owner_id, day, sum(n)::int AS scans, sum(l)::int AS located,
           ARRAY[
             coalesce(sum(n) FILTER (WHERE hour = 0), 0),
             coalesce(sum(n) FILTER (WHERE hour = 1), 0),
             coalesce(sum(n) FILTER (WHERE hour = 2), 0),
             coalesce(sum(n) FILTER (WHERE hour = 3), 0),
             coalesce(sum(n) FILTER (WHERE hour = 4), 0),
             coalesce(sum(n) FILTER (WHERE hour = 5), 0),
             coalesce(sum(n) FILTER (WHERE hour = 6), 0),
             coalesce(sum(n) FILTER (WHERE hour = 7), 0),
             coalesce(sum(n) FILTER (WHERE hour = 8), 0),
             coalesce(sum(n) FILTER (WHERE hour = 9), 0),
             coalesce(sum(n) FILTER (WHERE hour = 10), 0),
             coalesce(sum(n) FILTER (WHERE hour = 11), 0),
             coalesce(sum(n) FILTER (WHERE hour = 12), 0),
             coalesce(sum(n) FILTER (WHERE hour = 13), 0),
             coalesce(sum(n) FILTER (WHERE hour = 14), 0),
             coalesce(sum(n) FILTER (WHERE hour = 15), 0),
             coalesce(sum(n) FILTER (WHERE hour = 16), 0),
             coalesce(sum(n) FILTER (WHERE hour = 17), 0),
             coalesce(sum(n) FILTER (WHERE hour = 18), 0),
             coalesce(sum(n) FILTER (WHERE hour = 19), 0),
             coalesce(sum(n) FILTER (WHERE hour = 20), 0),
             coalesce(sum(n) FILTER (WHERE hour = 21), 0),
             coalesce(sum(n) FILTER (WHERE hour = 22), 0),
             coalesce(sum(n) FILTER (WHERE hour = 23), 0)
           ]::int[] AS hours
    FROM g GROUP BY owner_id, day
  ), by_qr AS (
    INSERT INTO "scan_qr_day_stats" AS t (qr_id, owner_id, day, scans, located, hours, devices, systems)
    SELECT r.qr_id, r.owner_id, r.day, r.scans, r.located, r.hours, d.m, o.m
    FROM q_totals r JOIN q_devices d USING (qr_id, owner_id, day)
    JOIN q_systems o USING (qr_id, owner_id, day)
    ORDER BY r.qr_id, r.day
    ON CONFLICT (qr_id, day) DO UPDATE SET
      scans = t.scans + excluded.scans, located = t.located + excluded.located,
      hours = add_counts(t.hours, excluded.hours),
      devices = add_count_maps(t.devices, excluded.devices),
      systems = add_count_maps(t.systems, excluded.systems)
  )
  INSERT INTO "scan_day_stats" AS t (owner_id, day, scans, located, hours, devices, systems)
  SELECT r.owner_id, r.day, r.scans, r.located, r.hours, d.m, o.m
  FROM o_totals r JOIN o_devices d USING (owner_id, day) JOIN o_systems o USING (owner_id, day)
  ORDER BY r.owner_id, r.day
  ON CONFLICT (owner_id, day) DO UPDATE SET
    scans = t.scans + excluded.scans, located = t.located + excluded.located,
    hours = add_counts(t.hours, excluded.hours),
    devices = add_count_maps(t.devices, excluded.devices),
    systems = add_count_maps(t.systems, excluded.systems);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "scan_stats_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM scan_stats_apply((
    SELECT jsonb_agg(jsonb_build_object('o', owner_id, 'q', qr_id, 'd', day, 'h', hour, 't', device,
                                        's', os, 'n', -n, 'l', -l))
    FROM (SELECT owner_id, qr_id, (scanned_at AT TIME ZONE 'Asia/Kolkata')::date AS day,
                 extract(hour FROM scanned_at AT TIME ZONE 'Asia/Kolkata')::int AS hour,
                 coalesce(device_info->>'deviceType', 'unknown') AS device,
                 coalesce(device_info->>'os', 'unknown') AS os, count(*) AS n, count(latitude) AS l
          FROM old_scans GROUP BY 1, 2, 3, 4, 5, 6) g));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A location shared or erased changes `located` only (a scan's time and device never change).
CREATE FUNCTION "scan_stats_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM scan_stats_apply((
    SELECT jsonb_agg(jsonb_build_object('o', owner_id, 'q', qr_id, 'd', day, 'h', 0, 't', 'unknown',
                                        's', 'unknown', 'n', 0, 'l', l))
    FROM (SELECT n.owner_id, n.qr_id, (n.scanned_at AT TIME ZONE 'Asia/Kolkata')::date AS day,
                 sum((n.latitude IS NOT NULL)::int - (o.latitude IS NOT NULL)::int) AS l
          FROM new_scans n JOIN old_scans o ON o.id = n.id
          WHERE (n.latitude IS NULL) <> (o.latitude IS NULL)
          GROUP BY 1, 2, 3) g));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "scan_stats_insert" AFTER INSERT ON "scans"
  REFERENCING NEW TABLE AS new_scans FOR EACH STATEMENT EXECUTE FUNCTION "scan_stats_insert"();
--> statement-breakpoint
CREATE TRIGGER "scan_stats_delete" AFTER DELETE ON "scans"
  REFERENCING OLD TABLE AS old_scans FOR EACH STATEMENT EXECUTE FUNCTION "scan_stats_delete"();
--> statement-breakpoint
CREATE TRIGGER "scan_stats_update" AFTER UPDATE ON "scans"
  REFERENCING OLD TABLE AS old_scans NEW TABLE AS new_scans
  FOR EACH STATEMENT EXECUTE FUNCTION "scan_stats_update"();
--> statement-breakpoint
-- The scans already stored.
SELECT scan_stats_apply((
  SELECT jsonb_agg(jsonb_build_object('o', owner_id, 'q', qr_id, 'd', day, 'h', hour, 't', device,
                                      's', os, 'n', n, 'l', l))
  FROM (SELECT owner_id, qr_id, (scanned_at AT TIME ZONE 'Asia/Kolkata')::date AS day,
               extract(hour FROM scanned_at AT TIME ZONE 'Asia/Kolkata')::int AS hour,
               coalesce(device_info->>'deviceType', 'unknown') AS device,
               coalesce(device_info->>'os', 'unknown') AS os, count(*) AS n, count(latitude) AS l
        FROM scans GROUP BY 1, 2, 3, 4, 5, 6) g));
