package officesql

import (
	"database/sql"
	"errors"

	"lockers/internal/apperr"
)

// notFound maps a missed row to the catalogue's code and passes other errors.
func notFound(err error, code apperr.Code, msg string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return apperr.New(code, "%s", msg)
	}
	return err
}
