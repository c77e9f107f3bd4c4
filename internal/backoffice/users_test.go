package backoffice_test

import (
	"encoding/json"
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
)

// TestUsersSearchPagesByKey: search finds by e-mail, name or phone; walking a
// list page by page gives every user once, newest first, on both databases.
func TestUsersSearchPagesByKey(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		var ids []string
		for i := 0; i < 7; i++ {
			ids = append(ids, o.user(email(i), "Mari", "Tamm", t0.Add(time.Duration(i)*time.Minute)))
		}
		kadri := o.user("kadri@example.com", "Kadri", "Kask", t0.Add(time.Hour))
		o.exec(`UPDATE users SET phone_prefix = '+372', phone = '5551234', phone_verified_at = $2 WHERE id = $1`, kadri, t0)
		// Same creation time as another user: the id breaks the tie.
		twin := o.user("twin@example.com", "Mari", "Tamm", t0.Add(3*time.Minute))
		ids = append(ids, twin)

		for _, q := range []string{"KADRI@", "kadri kask", "5551234", "+3725551"} {
			p, err := o.svc.Users(o.ctx(), backoffice.UserFilter{Query: q})
			must(t, err)
			if len(p.Users) != 1 || p.Users[0].ID != kadri {
				t.Fatalf("search %q: %+v", q, p.Users)
			}
		}
		p, err := o.svc.Users(o.ctx(), backoffice.UserFilter{Query: "100%"})
		must(t, err)
		if len(p.Users) != 0 {
			t.Fatalf("a %% in the search text matched %d users", len(p.Users))
		}

		seen := map[string]bool{}
		var last time.Time
		cursor, pages := "", 0
		for {
			p, err := o.svc.Users(o.ctx(), backoffice.UserFilter{Query: "tamm", Cursor: cursor, Limit: 3})
			must(t, err)
			pages++
			for _, u := range p.Users {
				if seen[u.ID] {
					t.Fatalf("user %s on two pages", u.ID)
				}
				if !last.IsZero() && u.CreatedAt.After(last) {
					t.Fatalf("not newest first: %v after %v", u.CreatedAt, last)
				}
				seen[u.ID], last = true, u.CreatedAt
			}
			if p.Next == "" {
				break
			}
			cursor = p.Next
		}
		if len(seen) != len(ids) || pages != 3 {
			t.Fatalf("walked %d users in %d pages, want %d in 3", len(seen), pages, len(ids))
		}
		_, err = o.svc.Users(o.ctx(), backoffice.UserFilter{Cursor: "not-a-cursor"})
		wantCode(t, err, apperr.BadInput)
	})
}

// TestRolesAreAudited: granting and revoking a role change the roles and leave
// audit rows with the values before and after; an operator cannot take ADMIN
// from themselves, and a failed write leaves no audit row.
func TestRolesAreAudited(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		u := o.user("mari@example.com", "Mari", "Tamm", t0)
		got, err := o.svc.SetRole(o.ctx(), u, "MANAGER", true, o.version(t, u))
		must(t, err)
		if len(got.Roles) != 1 || got.Roles[0] != "MANAGER" {
			t.Fatalf("roles after grant: %v", got.Roles)
		}
		got, err = o.svc.SetRole(o.ctx(), u, "MANAGER", false, got.Version)
		must(t, err)
		if len(got.Roles) != 0 {
			t.Fatalf("roles after revoke: %v", got.Roles)
		}
		a, err := o.svc.Audit(o.ctx(), backoffice.AuditFilter{TargetID: u})
		must(t, err)
		if len(a.Entries) != 2 || a.Entries[0].Action != "admin.users.revokeRole" || a.Entries[1].Action != "admin.users.grantRole" {
			t.Fatalf("audit: %+v", a.Entries)
		}
		var before, after struct{ Roles []string }
		must(t, json.Unmarshal(a.Entries[1].Before, &before))
		must(t, json.Unmarshal(a.Entries[1].After, &after))
		if len(before.Roles) != 0 || len(after.Roles) != 1 || a.Entries[1].ActorID != o.admin ||
			a.Entries[1].ActorEmail != "admin@example.com" {
			t.Fatalf("grant's audit row: %+v", a.Entries[1])
		}

		_, err = o.svc.SetRole(o.ctx(), o.admin, "ADMIN", false, o.version(t, o.admin))
		wantCode(t, err, apperr.Cant)
		_, err = o.svc.SetRole(o.ctx(), u, "ROOT", true, got.Version)
		wantCode(t, err, apperr.BadInput)
		_, err = o.svc.SetBlocked(o.ctx(), "00000000-0000-4000-8000-000000000000", true, "", "fraud")
		wantCode(t, err, apperr.UserNotFound)
		if n := o.count(`SELECT count(*) FROM audit_log`); n != 2 {
			t.Fatalf("%d audit rows after refused writes, want 2", n)
		}
	})
}

// TestDeleteUser: the reason is required (MISSING_NOTE); deleting erases the
// person as self-deletion does, ends their sessions and is audited with the reason.
func TestDeleteUser(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		u := o.user("mari@example.com", "Mari", "Tamm", t0)
		wantCode(t, o.svc.DeleteUser(o.ctx(), u, "  "), apperr.MissingNote)
		must(t, o.svc.DeleteUser(o.ctx(), u, "asked by e-mail"))
		if n := o.count(`SELECT count(*) FROM users WHERE id = $1 AND email IS NULL AND first_name = ''
			AND deleted_at IS NOT NULL`, u); n != 1 {
			t.Fatal("the user was not anonymised")
		}
		if n := o.count(`SELECT count(*) FROM audit_log WHERE target_id = $1 AND note = 'asked by e-mail'`, u); n != 1 {
			t.Fatal("no audit row with the reason")
		}
		wantCode(t, o.svc.DeleteUser(o.ctx(), u, "again"), apperr.UserNotFound)
		wantCode(t, o.svc.DeleteUser(o.ctx(), o.admin, "me"), apperr.Cant)
	})
}

// TestUsersSearchFollowsEdits: the search's trigram index (SQLite: a table
// kept by triggers) follows a changed name and e-mail and a deleted account.
func TestUsersSearchFollowsEdits(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		id := o.user("kertu.kask@example.com", "Kertu", "Kask", t0)
		find := func(q string) int {
			t.Helper()
			p, err := o.svc.Users(o.ctx(), backoffice.UserFilter{Query: q})
			must(t, err)
			return len(p.Users)
		}
		if find("Kertu Kask") != 1 || find("kask@EXAMPLE") != 1 {
			t.Fatal("a new user is found by name and e-mail")
		}
		o.exec(`UPDATE users SET last_name = 'Rebane', email = 'kertu.rebane@example.com' WHERE id = $1`, id)
		if find("kertu kask") != 0 || find("kertu rebane") != 1 || find("rebane@ex") != 1 {
			t.Fatal("the search follows a changed name and e-mail")
		}
		o.exec(`DELETE FROM users WHERE id = $1`, id)
		if find("rebane") != 0 {
			t.Fatal("a deleted row is not found")
		}
	})
}
