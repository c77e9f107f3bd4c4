package config

import (
	"errors"
	"net/url"
	"strings"
)

// photoVars choose where the photos of issue reports are kept: a folder by
// default, an S3-compatible bucket when PHOTO_S3_URL is set.
var photoVars = []Var{
	{
		Name: "PHOTO_DIR", Default: "./data/photos",
		Description: "Folder for the photos users attach to issue reports (created when missing); unused when PHOTO_S3_URL is set.",
		parse:       func(c *Config, raw string) error { c.PhotoDir = raw; return nil },
		format:      func(c *Config) string { return c.PhotoDir },
	},
	{
		Name: "PHOTO_S3_URL", Default: "", Secret: true,
		Description: "S3-compatible bucket for issue-report photos instead of PHOTO_DIR: https://ACCESS_KEY:SECRET_KEY@host[:port]/bucket[/prefix][?region=eu-north-1] (path-style; the bucket must exist).",
		parse:       func(c *Config, raw string) error { c.PhotoS3URL = raw; return nil },
		validate:    func(c *Config) error { return checkS3URL(c.PhotoS3URL) },
		format:      func(c *Config) string { return c.PhotoS3URL },
	},
}

func init() { Vars = append(Vars, photoVars...) }

// checkS3URL checks the form only; the bucket is checked at start.
func checkS3URL(raw string) error {
	if raw == "" {
		return nil
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return errors.New("want https://ACCESS_KEY:SECRET_KEY@host/bucket")
	}
	if strings.Trim(u.Path, "/") == "" {
		return errors.New("the URL names no bucket")
	}
	return nil
}
