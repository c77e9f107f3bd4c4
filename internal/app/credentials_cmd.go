package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"time"

	"lockers/internal/adapters/mqttctl"
	"lockers/internal/adapters/mqttctl/brokerfile"
	"lockers/internal/backoffice"
	"lockers/internal/config"
)

// StationCredentials is `lockerd station-credentials`: show, create, rotate
// or revoke a station's credentials (through the back office, audited like
// its screen, the note naming the command line), or write the broker's
// password file (docs/operations.md "Station broker").
func StationCredentials(ctx context.Context, cfg config.Config, log *slog.Logger, args []string, out io.Writer) error {
	if cfg.StationSecret == "" {
		return errors.New("station-credentials: STATION_SECRET is not set: every station's keys are derived from it")
	}
	return withServices(ctx, cfg, log, func(svc *services) error { return credentialsStep(ctx, cfg, svc, args, out) })
}

// credentialsStep is one action of `lockerd station-credentials`.
func credentialsStep(ctx context.Context, cfg config.Config, svc *services, args []string, out io.Writer) error {
	office := svc.deps.Backoffice
	switch action := args[0]; action {
	case "broker-file":
		return writeBrokerFile(ctx, cfg, svc, args[1], out)
	case "show":
		st, err := office.StationCredentials(ctx, args[1])
		if err != nil {
			return err
		}
		printCredentials(out, st)
		return nil
	default:
		ch, err := office.ChangeStationCredentialsOnCommandLine(ctx, args[1], action, commandLineUser())
		if err != nil {
			return err
		}
		printCredentials(out, ch.State)
		if i := ch.Issued; i != nil {
			fmt.Fprintf(out, "\nGive these to the cabinet (shown once; lockerd keeps no copy):\n  station id / broker user  %s\n  key generation            %d\n  key (hex)                 %s\n  broker password           %s\n",
				i.BrokerUser, i.Generation, i.Key, i.BrokerPassword)
			if action == backoffice.CredentialsCreate {
				fmt.Fprintln(out, "\nThen write the broker's password file again (lockerd station-credentials broker-file FILE) and reload the broker.")
			}
		}
		if action == backoffice.CredentialsRevoke {
			fmt.Fprintln(out, "\nlockerd refuses the station now. Write the broker's password file again (lockerd station-credentials broker-file FILE) and reload the broker to cut its connection.")
		}
		return nil
	}
}

func printCredentials(out io.Writer, st backoffice.CredentialsState) {
	fmt.Fprintf(out, "station %s: key generation %d", st.StationID, st.Generation)
	if !st.Provisioned {
		fmt.Fprint(out, " (never provisioned)")
	}
	if st.Previous > 0 {
		fmt.Fprintf(out, "; generation %d still accepted until %s", st.Previous, st.GraceUntil.UTC().Format(time.RFC3339))
	}
	if !st.RevokedAt.IsZero() {
		fmt.Fprintf(out, "; REVOKED at %s", st.RevokedAt.UTC().Format(time.RFC3339))
	}
	fmt.Fprintln(out)
}

// writeBrokerFile writes the password file: lockerd's own login (MQTT_URL's)
// and every active station's that is not revoked.
func writeBrokerFile(ctx context.Context, cfg config.Config, svc *services, path string, out io.Writer) error {
	broker, err := mqttctl.ParseBrokerURL(cfg.MQTTURL)
	if err != nil || broker.Username == "" || len(broker.Password) == 0 {
		return errors.New("station-credentials broker-file: MQTT_URL must carry lockerd's broker login (mqtts://lockerd:PASSWORD@host:8883)")
	}
	stations, err := svc.hardware.keyring.BrokerLogins(ctx)
	if err != nil {
		return err
	}
	logins := []brokerfile.Login{{User: broker.Username, Password: string(broker.Password)}}
	for _, s := range stations {
		logins = append(logins, brokerfile.Login{User: s.User, Password: s.Password})
	}
	if err := brokerfile.Write(path, logins); err != nil {
		return err
	}
	fmt.Fprintf(out, "wrote %d logins (lockerd's and %d stations') to %s; reload the broker (systemctl reload mosquitto, or SIGHUP)\n",
		len(logins), len(stations), path)
	return nil
}
