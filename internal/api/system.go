package api

import (
	"context"
	"time"

	"lockers/internal/rpc"
)

// Languages the product ships in (spec §9), English first as the default.
var Languages = []string{"en-US", "et"}

// Health is the answer of system.health.
type Health struct {
	Status   string `json:"status" ts:"'ok' | 'degraded'"`
	Database string `json:"database" ts:"'ok' | 'unavailable'"`
	Time     string `json:"time"` // RFC 3339, UTC
}

// Info is the answer of system.info.
type Info struct {
	AppVersion    string   `json:"appVersion"`
	MinAppVersion string   `json:"minAppVersion"`
	Languages     []string `json:"languages"`
	// MapTileURL is the raster tile template of the station map ({z}/{x}/{y},
	// maybe {s}); empty when tiles are off and only the schematic map is shown.
	MapTileURL     string `json:"mapTileUrl"`
	MapAttribution string `json:"mapAttribution"`
}

func systemProcedures(d Deps) []rpc.Procedure {
	return []rpc.Procedure{
		// Both answer from memory: health from its ping of the last pingTTL.
		rpc.Query("system.health", rpc.Public, health(d, newPingCache(d))).FromMemory(),
		rpc.Query("system.info", rpc.Public, func(context.Context, rpc.Void) (Info, error) {
			return Info{AppVersion: d.Version, MinAppVersion: d.MinAppVersion, Languages: Languages,
				MapTileURL: d.MapTileURL, MapAttribution: d.MapAttribution}, nil
		}).FromMemory(),
	}
}

func adminSystemProcedures(d Deps) []rpc.Procedure {
	return []rpc.Procedure{rpc.Query("system.health", rpc.Manager, health(d, newPingCache(d)))}
}

// health reports the database state; it answers (not fails) when the database is
// down so that a client can show what is wrong.
func health(d Deps, db *pingCache) func(context.Context, rpc.Void) (Health, error) {
	return func(ctx context.Context, _ rpc.Void) (Health, error) {
		h := Health{Status: "ok", Database: "ok", Time: d.now().UTC().Format(time.RFC3339)}
		if !db.ok(ctx) {
			h.Status, h.Database = "degraded", "unavailable"
		}
		return h, nil
	}
}
