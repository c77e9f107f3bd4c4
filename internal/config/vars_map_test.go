package config

import "testing"

func TestMapTileURL(t *testing.T) {
	for raw, want := range map[string]string{
		DefaultMapTileURL: "https://tile.openstreetmap.org",
		"https://{s}.tile.example.com/{z}/{x}/{y}.png": "https://*.tile.example.com",
		"http://127.0.0.1:8099/tiles/{z}/{x}/{y}.png":  "http://127.0.0.1:8099",
	} {
		if err := checkTileURL(raw); err != nil {
			t.Errorf("%s: %v", raw, err)
		}
		if got, _ := TileOrigin(raw); got != want {
			t.Errorf("TileOrigin(%s) = %q, want %q", raw, got, want)
		}
	}
	for _, bad := range []string{"https://tiles.example.com/{z}/{x}.png", "ftp://h/{z}/{x}/{y}", "/tiles/{z}/{x}/{y}.png"} {
		if checkTileURL(bad) == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	if checkTileURL(MapTilesOff) != nil {
		t.Error("off refused")
	}
}
