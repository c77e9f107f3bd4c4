package api

import (
	"context"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/rpc"
)

// AdminCredentialsInput is stations.changeCredentials's input: the action,
// a required note (MISSING_NOTE; kept in the audit log) and the dialog's key.
type AdminCredentialsInput struct {
	StationUUID string `json:"stationUuid" input:"uuid=STATION_NOT_FOUND"`
	Action      string `json:"action" ts:"'create' | 'rotate' | 'revoke'"`
	Note        string `json:"note" input:"text"`
	RequestUUID string `json:"requestUuid,omitempty" input:"uuid"`
}

// Validate requires the station and a known action.
func (in AdminCredentialsInput) Validate() error {
	switch in.Action {
	case backoffice.CredentialsCreate, backoffice.CredentialsRotate, backoffice.CredentialsRevoke:
	case "":
		return apperr.Field(apperr.MissingParams, "action", "action is required")
	default:
		return apperr.Field(apperr.BadInput, "action", "create, rotate or revoke")
	}
	return AdminStationInput{StationUUID: in.StationUUID}.Validate()
}

// AdminCredentials is a station's credentials as the back office shows them:
// generations and times, never a secret.
type AdminCredentials struct {
	StationUUID string `json:"stationUuid"`
	Generation  int    `json:"generation"`
	Previous    int    `json:"previous"`   // 0: none accepted any more
	GraceUntil  string `json:"graceUntil"` // "" without a previous generation
	Provisioned bool   `json:"provisioned"`
	RevokedAt   string `json:"revokedAt"` // "" live
}

// AdminIssuedCredentials is what a cabinet is given, shown once.
type AdminIssuedCredentials struct {
	Generation     int    `json:"generation"`
	Key            string `json:"key"` // hex
	BrokerUser     string `json:"brokerUser"`
	BrokerPassword string `json:"brokerPassword"`
}

// AdminCredentialsChange is stations.changeCredentials's answer.
type AdminCredentialsChange struct {
	Credentials AdminCredentials        `json:"credentials"`
	Issued      *AdminIssuedCredentials `json:"issued"` // null for revoke
}

func adminCredentials(s backoffice.CredentialsState) AdminCredentials {
	out := AdminCredentials{StationUUID: s.StationID, Generation: s.Generation, Provisioned: s.Provisioned,
		RevokedAt: rfc3339(s.RevokedAt)}
	if s.Previous > 0 {
		out.Previous, out.GraceUntil = s.Previous, rfc3339(s.GraceUntil)
	}
	return out
}

// adminCredentialsProcedures are the station credentials (docs/station-protocol.md
// "Keys"): administrators only, as a key opens every door of its station.
func adminCredentialsProcedures(d Deps) []rpc.Procedure {
	return []rpc.Procedure{
		rpc.Query("stations.credentials", rpc.Admin, func(ctx context.Context, in AdminStationInput) (AdminCredentials, error) {
			s, err := d.Backoffice.StationCredentials(ctx, in.StationUUID)
			return adminCredentials(s), err
		}),
		rpc.Mutation("stations.changeCredentials", rpc.Admin, func(ctx context.Context, in AdminCredentialsInput) (AdminCredentialsChange, error) {
			c, err := d.Backoffice.ChangeStationCredentials(ctx, in.StationUUID, in.Action, in.Note, in.RequestUUID)
			out := AdminCredentialsChange{Credentials: adminCredentials(c.State)}
			if c.Issued != nil {
				out.Issued = &AdminIssuedCredentials{Generation: c.Issued.Generation, Key: c.Issued.Key,
					BrokerUser: c.Issued.BrokerUser, BrokerPassword: c.Issued.BrokerPassword}
			}
			return out, err
		}),
	}
}
