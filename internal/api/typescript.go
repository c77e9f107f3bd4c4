package api

import (
	"lockers/internal/api/tsgen"
	"lockers/internal/apperr"
)

// GeneratedPath is where `go generate` writes the router types, relative to
// this package's folder.
const GeneratedPath = "../../web/src/api/generated/app-router.d.ts"

// TypeScript renders the web app's router types from the tables. The tables are
// built with zero Deps: only their shape is read, nothing is called.
func TypeScript() ([]byte, error) {
	d := Deps{}
	codes := make([]apperr.Code, 0, len(apperr.Catalogue))
	for _, e := range apperr.Catalogue {
		codes = append(codes, e.Code)
	}
	src, err := tsgen.Generate([]tsgen.Router{
		{Name: "AppRouter", Procs: Hybrid(d)},
		{Name: "AdminRouter", Procs: Admin(d)},
	}, codes)
	if err != nil {
		return nil, err
	}
	return append(src, '\n'), nil
}
