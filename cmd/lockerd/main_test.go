package main

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"lockers/internal/demo"
	"lockers/internal/jobs/jobstest"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

func TestBadConfigurationStopsStartWithTheVariableName(t *testing.T) {
	t.Setenv("HTTP_ADDR", "not an address")
	t.Setenv("SENTRY_DSN", "https://supersecretkey@") // malformed and secret
	var out, errOut bytes.Buffer
	if code := run([]string{"serve"}, &out, &errOut); code != 2 {
		t.Fatalf("exit code %d, want 2 (stderr: %s)", code, errOut.String())
	}
	msg := errOut.String()
	for _, name := range []string{"HTTP_ADDR", "SENTRY_DSN"} {
		if !strings.Contains(msg, name) {
			t.Errorf("message does not name %s: %s", name, msg)
		}
	}
	if strings.Contains(msg, "supersecretkey") {
		t.Fatalf("a secret reached the output: %s", msg)
	}
}

// TestMigrateAndSeedCommands runs `lockerd migrate` on an empty database of each
// engine and inspects what it left: every embedded migration recorded as applied,
// every table with its key columns, the coupon packs the migrations insert, and
// no demo data. `lockerd seed` twice then leaves the demo stations once.
func TestMigrateAndSeedCommands(t *testing.T) {
	storetest.EachURL(t, func(t *testing.T, url string) {
		t.Setenv("DATABASE_URL", url)
		t.Setenv("LOG_LEVEL", "error")
		lockerd := func(cmd string) {
			t.Helper()
			var out, errOut bytes.Buffer
			if code := run([]string{cmd}, &out, &errOut); code != 0 {
				t.Fatalf("lockerd %s: exit %d: %s", cmd, code, errOut.String())
			}
		}
		lockerd("migrate")

		ctx := context.Background()
		db, err := store.Open(ctx, url) // opens without migrating
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		want, err := store.Versions(db.Dialect())
		if err != nil {
			t.Fatal(err)
		}
		var applied []int64
		rows, err := db.QueryContext(ctx, `SELECT version_id FROM goose_db_version
			WHERE is_applied AND version_id > 0 ORDER BY version_id`)
		if err != nil {
			t.Fatalf("no migration record: %v", err)
		}
		for rows.Next() {
			var v int64
			if err := rows.Scan(&v); err != nil {
				t.Fatal(err)
			}
			applied = append(applied, v)
		}
		if err := errors.Join(rows.Err(), rows.Close()); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(applied, want) {
			t.Fatalf("applied migrations %v, want every embedded one %v", applied, want)
		}
		// A statement naming a table's key columns fails when the table or a column is missing.
		for table, columns := range map[string]string{
			"stations":          "id, name, city, time_zone, opening_hours, active, link_state",
			"lockers":           "id, station_id, label, height, type, temperature, state",
			"users":             "id, email, phone_prefix, phone, password_hash, verified_at, deleted_at",
			"user_roles":        "user_id, role",
			"devices":           "id, user_id, push_token",
			"sessions":          "id, user_id, device_id, token_hash, expires_at, revoked_at",
			"verifications":     "id, purpose, target, code_hash, attempts, token_hash",
			"events":            "id, type, user_id, device_id, source, campaign",
			"coupon_packs":      "code, free_orders, station_id, valid_until",
			"user_coupons":      "id, user_id, pack_code, remaining, subject, phone_subject",
			"orders":            "id, user_id, station_id, status, starts_at, ends_at, user_coupon_id",
			"order_lockers":     "id, order_id, locker_id, starts_at, ends_at, live",
			"order_price_lines": "id, order_id, kind, amount_cents, vat_cents",
		} {
			if _, err := db.ExecContext(ctx, `SELECT `+columns+` FROM `+table+` WHERE 1 = 0`); err != nil {
				t.Errorf("table %s (%s) after migrate: %v", table, columns, err)
			}
		}
		count := func(query string) int {
			t.Helper()
			var n int
			if err := db.QueryRowContext(ctx, query).Scan(&n); err != nil {
				t.Fatalf("%s: %v", query, err)
			}
			return n
		}
		if n := count(`SELECT count(*) FROM coupon_packs WHERE code = 'FIRST3' AND free_orders = 3`); n != 1 {
			t.Errorf("the first-orders-free pack is seeded %d times by the migrations", n)
		}
		if n := count(`SELECT count(*) FROM stations`); n != 0 {
			t.Errorf("migrate inserted %d stations; only seed may", n)
		}

		lockerd("seed")
		lockerd("seed")
		if n := count(`SELECT count(*) FROM stations`); n != len(demo.Stations) {
			t.Errorf("%d stations after seeding twice, want the %d demo stations", n, len(demo.Stations))
		}
		if n := count(`SELECT count(*) FROM lockers`); n == 0 {
			t.Error("seed inserted no lockers")
		}
	})
}

func TestEnvListsEveryVariable(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"env", "-markdown"}, &out, &errOut); code != 0 {
		t.Fatal(errOut.String())
	}
	for _, name := range []string{"HTTP_ADDR", "DATABASE_URL", "PUBLIC_URL", "CORS_ORIGINS", "MIN_APP_VERSION", "LOG_LEVEL", "SENTRY_DSN", "SMTP_URL", "SMS_URL"} {
		if !strings.Contains(out.String(), "`"+name+"`") {
			t.Errorf("lockerd env -markdown lacks %s", name)
		}
	}
}

func TestUnknownCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"frobnicate"}, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "frobnicate") {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
}

func TestGrantRoleNeedsAnExistingUser(t *testing.T) {
	t.Setenv("DATABASE_URL", "sqlite:"+filepath.Join(t.TempDir(), "lockers.db"))
	t.Setenv("LOG_LEVEL", "error")
	var out, errOut bytes.Buffer
	if code := run([]string{"grant-role", "nobody@example.com", "ADMIN"}, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "not found") {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if code := run([]string{"grant-role", "nobody@example.com"}, &out, &errOut); code != 2 {
		t.Fatalf("missing role: exit %d", code)
	}
}

func TestGrantRoleSaysWhatItDid(t *testing.T) {
	url := jobstest.SQLiteURL(t) // already migrated (TestMigrateAndSeedCommands migrates an empty one)
	t.Setenv("DATABASE_URL", url)
	t.Setenv("LOG_LEVEL", "error")
	var out, errOut bytes.Buffer
	if code := run([]string{"migrate"}, &out, &errOut); code != 0 {
		t.Fatalf("migrate: exit %d: %s", code, errOut.String())
	}
	db := storetest.Open(t, url)
	if _, err := db.ExecContext(context.Background(), `INSERT INTO users (id, email, verified_at, created_at, updated_at)
		VALUES ('0f8e4c1a-6d55-4a53-9a53-2f1d7f3b5a10', 'ops@example.com', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`); err != nil {
		t.Fatal(err)
	}
	if code := run([]string{"grant-role", "ops@example.com", "MANAGER"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if got, want := out.String(), "ops@example.com now has the role MANAGER\n"; got != want {
		t.Fatalf("grant-role printed %q, want %q", got, want)
	}
	var roles string
	if err := db.QueryRowContext(context.Background(), `SELECT r.role FROM user_roles r JOIN users u ON u.id = r.user_id WHERE u.email = 'ops@example.com'`).Scan(&roles); err != nil || roles != "MANAGER" {
		t.Fatalf("roles %q, %v", roles, err)
	}
	// The change is on the record: no actor (the command line), roles before
	// and after, a note saying where it came from.
	var actor sql.NullString
	var before, after, note string
	if err := db.QueryRowContext(context.Background(), `SELECT actor_id, before_json, after_json, note FROM audit_log
		WHERE action = 'cli.grantRole' AND target_id = '0f8e4c1a-6d55-4a53-9a53-2f1d7f3b5a10'`).Scan(&actor, &before, &after, &note); err != nil {
		t.Fatalf("no audit entry for the command line's grant: %v", err)
	}
	if actor.Valid || !strings.Contains(after, "MANAGER") || strings.Contains(before, "MANAGER") || !strings.Contains(note, "lockerd grant-role") {
		t.Fatalf("audit entry: actor %v, before %s, after %s, note %q", actor, before, after, note)
	}
}

func TestSeedLoad(t *testing.T) {
	url := jobstest.SQLiteURL(t) // already migrated (TestMigrateAndSeedCommands migrates an empty one)
	t.Setenv("DATABASE_URL", url)
	t.Setenv("LOG_LEVEL", "error")
	var out, errOut bytes.Buffer
	if code := run([]string{"seed-load", "12", "500"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if code := run([]string{"seed-load", "many", "500"}, &out, &errOut); code != 1 {
		t.Fatalf("bad number: exit %d", code)
	}
	db := storetest.Open(t, url)
	var stations, lockers, orders, live int
	if err := db.QueryRowContext(context.Background(), `SELECT (SELECT count(*) FROM stations),
		(SELECT count(*) FROM lockers), (SELECT count(*) FROM orders WHERE status = 'finalized'),
		(SELECT count(*) FROM order_lockers WHERE live)`).Scan(&stations, &lockers, &orders, &live); err != nil {
		t.Fatal(err)
	}
	if stations != 1 || lockers != 12 || orders != 500 || live != 500 {
		t.Fatalf("seed-load 12 500 left %d stations, %d lockers, %d finalized orders, %d order lockers",
			stations, lockers, orders, live)
	}
}

// TestSeedLoadOffice: `seed-load --scale F` writes the back office volume
// scaled: users, stations, compartments, orders over two years with their
// order lockers, payments and events (a lapsed hold in 20 has none), all
// consistent enough for the admin lists.
func TestSeedLoadOffice(t *testing.T) {
	url := jobstest.SQLiteURL(t) // already migrated (TestMigrateAndSeedCommands migrates an empty one)
	t.Setenv("DATABASE_URL", url)
	t.Setenv("LOG_LEVEL", "error")
	var out, errOut bytes.Buffer
	if code := run([]string{"seed-load", "--scale", "0.002"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if code := run([]string{"seed-load", "--scale", "zero"}, &out, &errOut); code != 1 {
		t.Fatalf("bad scale: exit %d", code)
	}
	db := storetest.Open(t, url)
	var users, stations, lockers, orders, lapsed, ols, pays, events int
	var span float64
	if err := db.QueryRowContext(context.Background(), `SELECT (SELECT count(*) FROM users),
		(SELECT count(*) FROM stations), (SELECT count(*) FROM lockers), (SELECT count(*) FROM orders),
		(SELECT count(*) FROM orders WHERE status = 'unfinished'), (SELECT count(*) FROM order_lockers),
		(SELECT count(*) FROM payments WHERE state = 'paid'), (SELECT count(*) FROM events),
		(SELECT julianday(max(created_at)) - julianday(min(created_at)) FROM orders)`).Scan(&users, &stations,
		&lockers, &orders, &lapsed, &ols, &pays, &events, &span); err != nil {
		t.Fatal(err)
	}
	if users != 200 || stations != 1 || lockers != 10 || orders != 2000 || lapsed != 100 || ols != 1900 ||
		pays != 1900 || events != 2000 || span < 700 {
		t.Fatalf("got %d users, %d stations, %d lockers, %d orders (%d lapsed), %d order lockers, %d payments, %d events over %.0f days",
			users, stations, lockers, orders, lapsed, ols, pays, events, span)
	}
	// The statistics' summaries are warm: every seeded day before today, and
	// the 23 or 24 whole calendar months among them, with their figures.
	var days, months, monthBookings int
	if err := db.QueryRowContext(context.Background(), `SELECT (SELECT count(*) FROM stats_days),
		(SELECT count(*) FROM stats_months),
		(SELECT coalesce(sum(bookings), 0) FROM stats_monthly WHERE station_id <> '00000000-0000-0000-0000-000000000000')`).
		Scan(&days, &months, &monthBookings); err != nil {
		t.Fatal(err)
	}
	if days < 729 || months < 23 || monthBookings < 1500 {
		t.Fatalf("summed %d days, %d months holding %d bookings", days, months, monthBookings)
	}
}
