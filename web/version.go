package web

import (
	_ "embed"
	"encoding/json"
)

// packageJSON is the web app's package.json, whose "version" is the version of
// the whole product: lockerd's own unless a build stamps another
// (internal/version, scripts/version.sh).
//
//go:embed package.json
var packageJSON []byte

// PackageVersion is package.json's "version" ("" if the file has none).
var PackageVersion = readVersion(packageJSON)

func readVersion(b []byte) string {
	var p struct {
		Version string `json:"version"`
	}
	if json.Unmarshal(b, &p) != nil {
		return ""
	}
	return p.Version
}
