package loadtest

import "testing"

func TestServesDatabaseReadsBackendTitles(t *testing.T) {
	for _, c := range []struct {
		title string
		want  bool
	}{
		{"postgres: 15/main: postgres bookbench 127.0.0.1(36388) idle", true},
		{"postgres: postgres bookbench 127.0.0.1(36388) idle in transaction", true},
		{"postgres: 15/main: postgres postgres 127.0.0.1(36388) idle", false},
		{"postgres: 15/main: checkpointer", false},
		{"postgres: bookbench x", false},
	} {
		if got := servesDatabase(c.title, "bookbench"); got != c.want {
			t.Errorf("%q: %v, want %v", c.title, got, c.want)
		}
	}
}
