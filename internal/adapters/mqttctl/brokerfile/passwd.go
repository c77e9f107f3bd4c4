// Package brokerfile writes Mosquitto's password file for the station
// broker (deploy/mosquitto): one line per login, the password hashed as
// mosquitto_passwd does (PBKDF2-SHA512, "$7$"), so the file holds no
// password and the broker checks each station's own login. lockerd derives
// every station's password from STATION_SECRET, so the whole file can be
// written again at any time (`lockerd station-credentials broker-file`).
package brokerfile

import (
	"bytes"
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha512"
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Iterations is mosquitto_passwd's default for "$7$" (PBKDF2-SHA512).
const Iterations = 101

// Login is one account of the broker.
type Login struct {
	User, Password string
}

// Line is one password-file line for a login, with a fresh salt.
func Line(l Login) (string, error) {
	if l.User == "" || strings.ContainsAny(l.User, ":\n\r") || l.Password == "" || strings.ContainsAny(l.Password, "\n\r") {
		return "", errors.New("brokerfile: a login needs a user without ':' and a password, each on one line")
	}
	salt := make([]byte, 12)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	hash, err := pbkdf2.Key(sha512.New, l.Password, salt, Iterations, sha512.Size)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s:$7$%d$%s$%s", l.User, Iterations, base64.StdEncoding.EncodeToString(salt),
		base64.StdEncoding.EncodeToString(hash)), nil
}

// Write replaces path with a password file of the logins, atomically (a
// temporary file renamed over it) and with the mode of the file it replaces
// (0640 for a new one: the broker's group reads it). Reload the broker
// afterwards (SIGHUP, `systemctl reload mosquitto`): it drops every
// connection whose login is gone.
func Write(path string, logins []Login) error {
	var b bytes.Buffer
	for _, l := range logins {
		line, err := Line(l)
		if err != nil {
			return err
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".passwd-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b.Bytes()); err != nil {
		tmp.Close()
		return err
	}
	mode := os.FileMode(0o640)
	if fi, err := os.Stat(path); err == nil {
		mode = fi.Mode().Perm()
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
