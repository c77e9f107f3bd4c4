package promo

import (
	"regexp"
	"strings"

	"github.com/google/uuid"

	"lockers/internal/apperr"
)

var packCode = regexp.MustCompile(`^[A-Z0-9][A-Z0-9-]{1,39}$`)

// CheckPack normalises an operator's new pack (code upper case, names
// trimmed) and checks it: a code of 2-40 letters, digits or dashes, names in
// English and Estonian, 1-1000 free orders, a station id if any (BAD_INPUT).
func CheckPack(p *Pack) error {
	p.Code = NormalizeCode(p.Code)
	p.NameEN, p.NameET = strings.TrimSpace(p.NameEN), strings.TrimSpace(p.NameET)
	switch {
	case !packCode.MatchString(p.Code):
		return apperr.Field(apperr.BadInput, "code", "code is 2-40 letters, digits or dashes")
	case p.NameEN == "" || p.NameET == "" || len(p.NameEN) > 200 || len(p.NameET) > 200:
		return apperr.Field(apperr.BadInput, "name", "names in English and Estonian are required")
	case p.FreeOrders < 1 || p.FreeOrders > 1000:
		return apperr.Field(apperr.BadInput, "count", "count is 1-1000 free orders")
	case p.StationID != "" && !validID(p.StationID):
		return apperr.Field(apperr.BadInput, "stationUuid", "not an id")
	}
	return nil
}

// validID reports a canonical UUID.
func validID(id string) bool {
	u, err := uuid.Parse(id)
	return err == nil && len(id) == 36 && u.String() == id
}
