package backoffice_test

import (
	"testing"
	"time"

	"lockers/internal/backoffice"
)

// A phone is found however it is typed: with spaces, dashes, the country
// code or without it (issue 30).
func TestUserSearchFindsAPhoneAsPeopleWriteIt(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		kadri := o.user("kadri@example.com", "Kadri", "Kask", t0)
		o.exec(`UPDATE users SET phone_prefix = '+372', phone = '55512345', phone_verified_at = $2 WHERE id = $1`, kadri, t0)
		o.user("other@example.com", "Olev", "Org", t0.Add(time.Minute))
		for _, q := range []string{"+372 5551 2345", "5551 2345", "555-12-345", "372 55512345", "(372) 5551-2345", "+37255512345", "kadri", "KASK"} {
			p, err := o.svc.Users(o.ctx(), backoffice.UserFilter{Query: q})
			must(t, err)
			if len(p.Users) != 1 || p.Users[0].ID != kadri {
				t.Errorf("search %q found %d users", q, len(p.Users))
			}
		}
		p, err := o.svc.Users(o.ctx(), backoffice.UserFilter{Query: "+371 5551 2345"})
		must(t, err)
		if len(p.Users) != 0 {
			t.Errorf("a Latvian number found %d users", len(p.Users))
		}
	})
}
