package station

import (
	"slices"

	"github.com/google/uuid"

	"lockers/internal/apperr"
)

// ValidID reports whether id is a UUID in its canonical text form, so a typo
// becomes a not-found answer instead of a database type error.
func ValidID(id string) bool {
	if len(id) != 36 {
		return false
	}
	_, err := uuid.Parse(id)
	return err == nil
}

// CheckProduct validates a product chosen by a user: MISSING_PARAMS for an empty
// field, BAD_INPUT for a value outside spec §3.
func CheckProduct(p Product) error {
	switch {
	case p.Height == "":
		return apperr.Field(apperr.MissingParams, "height", "height is required")
	case p.Type == "":
		return apperr.Field(apperr.MissingParams, "type", "type is required")
	case p.Temperature == "":
		return apperr.Field(apperr.MissingParams, "temperature", "temperature is required")
	case !slices.Contains(Heights, p.Height):
		return apperr.Field(apperr.BadInput, "height", "height must be small or big")
	case !slices.Contains(Temperatures, p.Temperature):
		return apperr.Field(apperr.BadInput, "temperature", "temperature must be cool, neutral or warm")
	case len(p.Type) > 40:
		return apperr.Field(apperr.BadInput, "type", "type is too long")
	}
	return nil
}
