package backoffice_test

import (
	"context"
	"encoding/hex"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/backoffice/officesql"
	"lockers/internal/demo"
	"lockers/internal/hardware"
	"lockers/internal/hardware/hardwaresql"
)

// An administrator provisions a station, rotates and revokes its
// credentials: the key and broker password are shown once and are the ones
// lockerd derives, the keyring accepts both generations during the grace
// and none after a revocation, every change is audited without a secret,
// and the controller hears of each.
func TestStationCredentialsCreateRotateRevoke(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		secret := []byte("back office test station secret 32+")
		st := demo.Stations[0].ID
		var heard []string
		now := t0.Add(24 * time.Hour)
		svc, err := backoffice.NewService(backoffice.Deps{Store: officesql.New(o.db, func() time.Time { return now }),
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), StationSecret: secret,
			CredentialsChanged: func(id string) { heard = append(heard, id) }})
		must(t, err)
		keyring := &hardware.Keyring{Store: hardwaresql.New(o.db), Secret: secret, Now: func() time.Time { return now }}

		state, err := svc.StationCredentials(o.ctx(), st)
		must(t, err)
		if state.Provisioned || state.Generation != 1 {
			t.Fatalf("a station never provisioned: %+v", state)
		}
		_, err = svc.ChangeStationCredentials(o.ctx(), st, backoffice.CredentialsCreate, " ", uuid.NewString())
		wantCode(t, err, apperr.MissingNote)
		_, err = svc.ChangeStationCredentials(o.ctx(), st, "explode", "why", uuid.NewString())
		wantCode(t, err, apperr.BadInput)
		_, err = svc.ChangeStationCredentials(o.ctx(), "00000000-0000-4000-8000-000000000000", backoffice.CredentialsCreate, "why", uuid.NewString())
		wantCode(t, err, apperr.StationNotFound)

		created, err := svc.ChangeStationCredentials(o.ctx(), st, backoffice.CredentialsCreate, "new cabinet", uuid.NewString())
		must(t, err)
		if created.Issued == nil || created.Issued.Generation != 1 || !created.State.Provisioned ||
			created.Issued.Key != hex.EncodeToString(hardware.StationMACKey(secret, st, 1)) ||
			created.Issued.BrokerUser != st || created.Issued.BrokerPassword != hardware.BrokerPassword(secret, st, 1) {
			t.Fatalf("create = %+v %+v", created.State, created.Issued)
		}
		req := uuid.NewString()
		rotated, err := svc.ChangeStationCredentials(o.ctx(), st, backoffice.CredentialsRotate, "yearly rotation", req)
		must(t, err)
		if rotated.Issued.Generation != 2 || rotated.State.Previous != 1 || !rotated.State.GraceUntil.Equal(now.Add(hardware.RotationGrace)) ||
			rotated.Issued.BrokerPassword != created.Issued.BrokerPassword {
			t.Fatalf("rotate = %+v %+v", rotated.State, rotated.Issued)
		}
		_, err = svc.ChangeStationCredentials(o.ctx(), st, backoffice.CredentialsRotate, "double click", req)
		wantCode(t, err, apperr.CantChange)
		keys, err := keyring.Keys(context.Background(), st)
		must(t, err)
		if len(keys) != 2 || keys[0].Gen != 2 || keys[1].Gen != 1 {
			t.Fatalf("keys during the grace = %+v", keys)
		}

		revoked, err := svc.ChangeStationCredentials(o.ctx(), st, backoffice.CredentialsRevoke, "stolen cabinet", uuid.NewString())
		must(t, err)
		if revoked.Issued != nil || revoked.State.RevokedAt.IsZero() {
			t.Fatalf("revoke = %+v", revoked)
		}
		if _, err := keyring.Keys(context.Background(), st); err != hardware.ErrRevoked {
			t.Fatalf("keys of a revoked station: %v", err)
		}
		_, err = svc.ChangeStationCredentials(o.ctx(), st, backoffice.CredentialsRotate, "too late", uuid.NewString())
		wantCode(t, err, apperr.CantChange)
		back, err := svc.ChangeStationCredentials(o.ctx(), st, backoffice.CredentialsCreate, "replaced cabinet", uuid.NewString())
		must(t, err)
		if back.Issued.Generation != 3 || back.Issued.BrokerPassword != hardware.BrokerPassword(secret, st, 3) || !back.State.RevokedAt.IsZero() {
			t.Fatalf("create after revoke = %+v %+v", back.State, back.Issued)
		}

		if n := o.count(`SELECT count(*) FROM audit_log WHERE action = $1 AND target_id = $2`, backoffice.ActionStationCredentials, st); n != 4 {
			t.Errorf("%d audit rows, want 4", n)
		}
		if n := o.count(`SELECT count(*) FROM audit_log WHERE action = $1 AND (CAST(after_json AS TEXT) LIKE $2 OR CAST(before_json AS TEXT) LIKE $2 OR note LIKE $2)`,
			backoffice.ActionStationCredentials, "%"+created.Issued.BrokerPassword+"%"); n != 0 {
			t.Error("a broker password reached the audit log")
		}
		if len(heard) != 4 || heard[0] != st {
			t.Errorf("the controller heard %v", heard)
		}
	})
}
