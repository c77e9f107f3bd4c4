package api

import (
	"context"

	"lockers/internal/backoffice"
	"lockers/internal/rpc"
)

// adminOpsProcedures are the back office's operations on issues, station prices
// and station hardware (issue 15). Managers run stations and work on issues
// (docs/decisions/060-back-office-access-and-audit.md), so each is rpc.Manager.
func adminOpsProcedures(d Deps) []rpc.Procedure {
	b := func() *backoffice.Service { return d.Backoffice }
	return []rpc.Procedure{
		rpc.Query("issues.list", rpc.Manager, func(ctx context.Context, in AdminIssueListInput) (AdminIssuePage, error) {
			p, err := b().Issues(ctx, backoffice.IssueFilter{State: in.State, StationID: in.StationUUID, Kind: in.Kind,
				Cursor: in.Cursor, Limit: in.Limit})
			return AdminIssuePage{Items: mapAll(p.Issues, adminIssue), Next: p.Next}, err
		}),
		rpc.Query("issues.get", rpc.Manager, func(ctx context.Context, in AdminIssueInput) (AdminIssueDetail, error) {
			d, err := b().Issue(ctx, in.IssueUUID)
			return adminIssueDetail(d), err
		}),
		rpc.Mutation("issues.update", rpc.Manager, func(ctx context.Context, in AdminIssueUpdateInput) (AdminIssueDetail, error) {
			d, err := b().UpdateIssue(ctx, in.IssueUUID, backoffice.IssueUpdate{State: in.State, Note: in.Note,
				Internal: in.Internal, RequestID: in.RequestUUID})
			return adminIssueDetail(d), err
		}),
		rpc.Query("stations.prices", rpc.Manager, func(ctx context.Context, in AdminStationInput) (AdminStationPrices, error) {
			p, err := b().Prices(ctx, in.StationUUID)
			return adminPrices(p), err
		}),
		rpc.Mutation("stations.setPrices", rpc.Manager, func(ctx context.Context, in AdminSetPricesInput) (AdminStationPrices, error) {
			rows := make([]backoffice.PriceRow, 0, len(in.Prices))
			for _, p := range in.Prices {
				rows = append(rows, backoffice.PriceRow{Height: p.Height, Temperature: p.Temperature,
					HourlyCents: p.HourlyCents, DailyCents: p.DailyCents})
			}
			p, err := b().SetPrices(ctx, in.StationUUID, rows, in.Version, in.Note)
			return adminPrices(p), err
		}),
		rpc.Query("stations.hardware", rpc.Manager, func(ctx context.Context, in AdminStationInput) (AdminStationHardware, error) {
			h, err := b().Hardware(ctx, in.StationUUID)
			return adminHardware(h), err
		}),
		// What taking a compartment out of service would do to its bookings,
		// shown before the operator confirms (the save does the same).
		rpc.Query("stations.compartmentEffects", rpc.Manager, func(ctx context.Context, in AdminCompartmentInput) ([]AdminRentalEffect, error) {
			effects, err := b().CompartmentEffects(ctx, in.StationUUID, in.CompartmentUUID)
			return mapAll(effects, adminRentalEffect), err
		}),
		// Asked for when the screen asks for the reason: stations.openDoor
		// obeys only an intent at most DOOR_INTENT_TTL old, as locker.open.
		rpc.Mutation("stations.openDoorIntent", rpc.Manager, func(ctx context.Context, in AdminCompartmentInput) (DoorIntentView, error) {
			i, err := b().OpenDoorIntent(ctx, in.StationUUID, in.CompartmentUUID)
			return doorIntentView(i), err
		}),
		// The dialog cancelled or closed: an open still on its way is refused.
		rpc.Mutation("stations.revokeDoorIntent", rpc.Manager, func(ctx context.Context, in AdminOpenDoorIntentRevokeInput) (IntentRevokeView, error) {
			ok, err := b().RevokeDoorIntent(ctx, in.CompartmentUUID, in.Intent)
			return IntentRevokeView{Revoked: ok}, err
		}),
		rpc.Mutation("stations.openDoor", rpc.Manager, func(ctx context.Context, in AdminOpenDoorInput) (AdminDoorOpened, error) {
			o, err := b().OpenDoor(ctx, in.StationUUID, in.CompartmentUUID, in.Reason, in.Intent, in.RequestUUID)
			return AdminDoorOpened{Label: o.Label, OpenedAt: rfc3339(o.OpenedAt), ClosesAt: rfc3339(o.ClosesAt)}, err
		}),
	}
}
