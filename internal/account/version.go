package account

import (
	"fmt"
	"strconv"
	"strings"
)

// version is a parsed semantic version; build metadata is ignored.
type version struct {
	core [3]int
	pre  []string
}

// parseVersion accepts "5.3.0", "v5.3", "5.3.0-beta.1+build" (missing minor or
// patch count as 0).
func parseVersion(s string) (version, error) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "v")
	if i := strings.IndexByte(s, '+'); i >= 0 {
		s = s[:i]
	}
	var v version
	if i := strings.IndexByte(s, '-'); i >= 0 {
		if s[i+1:] == "" {
			return v, fmt.Errorf("bad version %q", s)
		}
		v.pre = strings.Split(s[i+1:], ".")
		s = s[:i]
	}
	parts := strings.Split(s, ".")
	if len(parts) > 3 || s == "" {
		return v, fmt.Errorf("bad version %q", s)
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || !allDigits(p) {
			return v, fmt.Errorf("bad version %q", s)
		}
		v.core[i] = n
	}
	return v, nil
}

// compare returns -1, 0 or 1. A pre-release sorts before its release.
func (a version) compare(b version) int {
	for i := range a.core {
		if a.core[i] != b.core[i] {
			if a.core[i] < b.core[i] {
				return -1
			}
			return 1
		}
	}
	switch {
	case len(a.pre) == 0 && len(b.pre) == 0:
		return 0
	case len(a.pre) == 0:
		return 1
	case len(b.pre) == 0:
		return -1
	}
	for i := 0; i < len(a.pre) && i < len(b.pre); i++ {
		if c := comparePre(a.pre[i], b.pre[i]); c != 0 {
			return c
		}
	}
	switch {
	case len(a.pre) < len(b.pre):
		return -1
	case len(a.pre) > len(b.pre):
		return 1
	}
	return 0
}

// comparePre orders pre-release identifiers: numeric ones numerically and before
// alphanumeric ones, which compare as strings.
func comparePre(a, b string) int {
	an, aerr := strconv.Atoi(a)
	bn, berr := strconv.Atoi(b)
	switch {
	case aerr == nil && berr == nil:
		return cmpInt(an, bn)
	case aerr == nil:
		return -1
	case berr == nil:
		return 1
	}
	return strings.Compare(a, b)
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// CheckVersion reports whether s is a version this package can compare; config
// uses it to validate MIN_APP_VERSION.
func CheckVersion(s string) error {
	_, err := parseVersion(s)
	return err
}

// olderThan reports whether app is older than min. An unparseable app version
// counts as older: the client is then asked to update rather than trusted.
func olderThan(app string, min version) bool {
	v, err := parseVersion(app)
	if err != nil {
		return true
	}
	return v.compare(min) < 0
}
