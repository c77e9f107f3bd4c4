package config

import (
	"errors"
	"net/url"
	"strings"
)

// DefaultMapTileURL is OpenStreetMap's standard tile layer; MapTilesOff turns the tiled map off.
const (
	DefaultMapTileURL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
	MapTilesOff       = "off"
)

// mapVars choose the raster tiles the station map draws. The web app reads them
// from system.info, and the page's Content-Security-Policy allows images from
// the tile URL's origin.
var mapVars = []Var{
	{
		Name: "MAP_TILE_URL", Default: DefaultMapTileURL,
		Description: "Raster map tiles of the station map: an http(s) URL template with {z}, {x} and {y} (and optionally {s} for a, b, c subdomains). The value off shows only the schematic map.",
		parse:       func(c *Config, raw string) error { c.MapTileURL = raw; return nil },
		validate:    func(c *Config) error { return checkTileURL(c.MapTileURL) },
		format:      func(c *Config) string { return c.MapTileURL },
	},
	{
		Name: "MAP_ATTRIBUTION", Default: "© OpenStreetMap contributors",
		Description: "Attribution shown on the station map, as the tile provider's licence requires (plain text).",
		parse:       func(c *Config, raw string) error { c.MapAttribution = raw; return nil },
		format:      func(c *Config) string { return c.MapAttribution },
	},
}

func init() { Vars = append(Vars, mapVars...) }

func checkTileURL(raw string) error {
	if raw == MapTilesOff {
		return nil
	}
	for _, p := range []string{"{z}", "{x}", "{y}"} {
		if !strings.Contains(raw, p) {
			return errors.New("want a URL template with {z}, {x} and {y}")
		}
	}
	if _, err := TileOrigin(raw); err != nil {
		return err
	}
	return nil
}

// TileOrigin is the origin images are loaded from for the tile URL template
// (for the Content-Security-Policy): scheme://host[:port], with a {s} subdomain
// widened to a wildcard.
func TileOrigin(template string) (string, error) {
	u, err := url.Parse(strings.ReplaceAll(template, "{s}", "a"))
	if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
		return "", errors.New("want an http:// or https:// URL")
	}
	host := u.Host
	if strings.HasPrefix(template[len(u.Scheme)+3:], "{s}.") {
		host = "*" + host[1:]
	}
	return u.Scheme + "://" + host, nil
}
