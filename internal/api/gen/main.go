// Command gen writes web/src/api/generated/app-router.d.ts from the procedure
// tables (run through `go generate ./internal/api` or `make generate`).
package main

import (
	"flag"
	"fmt"
	"os"

	"lockers/internal/api"
)

func main() {
	out := flag.String("out", "", "file to write")
	flag.Parse()
	src, err := api.TypeScript()
	if err == nil {
		err = os.WriteFile(*out, src, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
