package api

import (
	"context"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/promo"
	"lockers/internal/rpc"
)

// adminOfficeProcedures are the back office's procedures (issue 15). Access
// follows docs/decisions/060-back-office-access-and-audit.md: rpc.Manager
// (MANAGER or ADMIN) for every read and for running orders, holds and stations;
// rpc.Admin for roles, blocking and deleting users, and coupon packs.
func adminOfficeProcedures(d Deps) []rpc.Procedure {
	b := func() *backoffice.Service { return d.Backoffice }
	return []rpc.Procedure{
		rpc.Query("users.list", rpc.Manager, func(ctx context.Context, in AdminUserListInput) (AdminUserPage, error) {
			p, err := b().Users(ctx, backoffice.UserFilter{Query: in.Query, Cursor: in.Cursor, Limit: in.Limit})
			if err != nil {
				return AdminUserPage{}, err
			}
			out := AdminUserPage{Items: make([]AdminUser, 0, len(p.Users)), Next: p.Next}
			for _, u := range p.Users {
				out.Items = append(out.Items, adminUser(u))
			}
			return out, nil
		}),
		rpc.Query("users.get", rpc.Manager, func(ctx context.Context, in AdminUserInput) (AdminUserDetail, error) {
			d, err := b().User(ctx, in.UserUUID)
			return adminUserDetail(d), err
		}),
		rpc.Mutation("users.grantRole", rpc.Admin, func(ctx context.Context, in AdminRoleInput) (AdminUser, error) {
			u, err := b().SetRole(ctx, in.UserUUID, in.Role, true, in.Version)
			return adminUser(u), err
		}),
		rpc.Mutation("users.revokeRole", rpc.Admin, func(ctx context.Context, in AdminRoleInput) (AdminUser, error) {
			u, err := b().SetRole(ctx, in.UserUUID, in.Role, false, in.Version)
			return adminUser(u), err
		}),
		rpc.Mutation("users.block", rpc.Admin, func(ctx context.Context, in AdminBlockInput) (AdminUser, error) {
			u, err := b().SetBlocked(ctx, in.UserUUID, true, in.Version, in.Reason)
			return adminUser(u), err
		}),
		rpc.Mutation("users.unblock", rpc.Admin, func(ctx context.Context, in AdminBlockInput) (AdminUser, error) {
			u, err := b().SetBlocked(ctx, in.UserUUID, false, in.Version, in.Reason)
			return adminUser(u), err
		}),
		rpc.Mutation("users.delete", rpc.Admin, func(ctx context.Context, in AdminUserDeleteInput) (Done, error) {
			return Done{OK: true}, b().DeleteUser(ctx, in.UserUUID, in.Reason)
		}),
		rpc.Query("orders.list", rpc.Manager, func(ctx context.Context, in AdminOrderListInput) (AdminOrderPage, error) {
			from, err := timeBound("from", in.From)
			if err != nil {
				return AdminOrderPage{}, err
			}
			to, err := timeBound("to", in.To)
			if err != nil {
				return AdminOrderPage{}, err
			}
			p, err := b().Orders(ctx, backoffice.OrderFilter{Query: in.Query, Status: in.Status, StationID: in.StationUUID,
				UserID: in.UserUUID, From: from, To: to, Cursor: in.Cursor, Limit: in.Limit})
			if err != nil {
				return AdminOrderPage{}, err
			}
			out := AdminOrderPage{Items: make([]AdminOrder, 0, len(p.Orders)), Next: p.Next}
			for _, o := range p.Orders {
				out.Items = append(out.Items, adminOrder(o))
			}
			return out, nil
		}),
		rpc.Query("orders.get", rpc.Manager, func(ctx context.Context, in AdminOrderInput) (AdminOrderDetail, error) {
			d, err := b().Order(ctx, in.OrderUUID)
			return adminOrderDetail(d), err
		}),
		rpc.Mutation("orders.refund", rpc.Manager, func(ctx context.Context, in AdminRefundInput) (AdminOrder, error) {
			o, err := b().Refund(ctx, in.OrderUUID, in.Note, in.AmountCents, in.RequestUUID)
			return adminOrder(o), err
		}),
		rpc.Mutation("orders.delete", rpc.Manager, func(ctx context.Context, in AdminNoteInput) (AdminOrder, error) {
			o, err := b().DeleteOrder(ctx, in.OrderUUID, in.Note)
			return adminOrder(o), err
		}),
		rpc.Mutation("orders.extend", rpc.Manager, func(ctx context.Context, in AdminExtendInput) (AdminOrder, error) {
			o, err := b().ExtendOrder(ctx, in.OrderUUID, in.OrderLockerUUID, in.End, in.Note, in.Goodwill)
			return adminOrder(o), err
		}),
		rpc.Query("reserved.list", rpc.Manager, func(ctx context.Context, in AdminLiveListInput) (AdminLivePage, error) {
			p, err := b().Live(ctx, backoffice.LiveFilter{StationID: in.StationUUID, Kind: in.Kind, Cursor: in.Cursor,
				Limit: in.Limit})
			if err != nil {
				return AdminLivePage{}, err
			}
			out := AdminLivePage{Items: make([]AdminLive, 0, len(p.Rows)), Next: p.Next}
			for _, r := range p.Rows {
				out.Items = append(out.Items, AdminLive{Order: adminOrder(r.OrderRow), Kind: r.Kind, LeftSecs: r.LeftSecs})
			}
			return out, nil
		}),
		rpc.Mutation("reserved.free", rpc.Manager, func(ctx context.Context, in AdminNoteInput) (AdminOrder, error) {
			o, err := b().FreeHold(ctx, in.OrderUUID, in.Note)
			return adminOrder(o), err
		}),
		rpc.Query("dashboard.get", rpc.Manager, func(ctx context.Context, _ rpc.Void) (AdminDashboard, error) {
			d, err := b().Dashboard(ctx)
			return AdminDashboard{Day: d.Day, BookingsToday: d.BookingsToday, RevenueCents: d.RevenueCents,
				LockersTotal: d.LockersTotal, LockersInUse: d.LockersInUse, OpenHolds: d.OpenHolds,
				RentalsRunning: d.RentalsRunning, OpenIssues: d.OpenIssues, StationsOffline: d.StationsOffline}, err
		}),
		rpc.Query("events.list", rpc.Manager, func(ctx context.Context, in AdminEventListInput) (AdminEventPage, error) {
			from, err := timeBound("from", in.From)
			if err != nil {
				return AdminEventPage{}, err
			}
			to, err := timeBound("to", in.To)
			if err != nil {
				return AdminEventPage{}, err
			}
			p, err := b().Events(ctx, backoffice.EventFilter{Type: in.Type, UserID: in.UserUUID, From: from, To: to,
				Cursor: in.Cursor, Limit: in.Limit})
			return AdminEventPage{Items: mapAll(p.Events, adminEvent), Next: p.Next}, err
		}),
		rpc.Query("statistics.get", rpc.Manager, func(ctx context.Context, in AdminStatsInput) ([]AdminStatsRow, error) {
			from, err := timeBound("from", in.From)
			if err != nil {
				return nil, err
			}
			to, err := timeBound("to", in.To)
			if err != nil {
				return nil, err
			}
			rows, err := b().Statistics(ctx, backoffice.StatsFilter{From: from, To: to, Period: in.Period,
				StationID: in.StationUUID, ByStation: in.ByStation})
			return mapAll(rows, func(r backoffice.StatsRow) AdminStatsRow {
				return AdminStatsRow{Period: r.Period, StationUUID: r.StationID, Bookings: r.Bookings,
					RevenueCents: r.RevenueCents, AvgRentalHours: r.AvgRentalHours,
					BookedLockerHours: r.BookedLockerHour, OccupancyPct: r.OccupancyPct}
			}), err
		}),
		rpc.Query("stations.list", rpc.Manager, func(ctx context.Context, in AdminStationListInput) (AdminStationPage, error) {
			p, err := b().Stations(ctx, in.Query, in.Cursor, in.Limit)
			return AdminStationPage{Items: mapAll(p.Stations, adminStation), Next: p.Next}, err
		}),
		rpc.Query("stations.get", rpc.Manager, func(ctx context.Context, in AdminStationInput) (AdminStationDetail, error) {
			st, cs, err := b().Compartments(ctx, in.StationUUID)
			return AdminStationDetail{Station: adminStation(st), Compartments: mapAll(cs, adminCompartment)}, err
		}),
		rpc.Mutation("stations.create", rpc.Manager, func(ctx context.Context, in AdminStationSaveInput) (AdminStation, error) {
			st, err := b().SaveStation(ctx, "", in.Station.domain(), "")
			return adminStation(st), err
		}),
		rpc.Mutation("stations.update", rpc.Manager, func(ctx context.Context, in AdminStationSaveInput) (AdminStation, error) {
			if in.StationUUID == "" {
				return AdminStation{}, apperr.Field(apperr.MissingParams, "stationUuid", "station is required")
			}
			st, err := b().SaveStation(ctx, in.StationUUID, in.Station.domain(), in.Version)
			return adminStation(st), err
		}),
		rpc.Mutation("stations.addCompartment", rpc.Manager, func(ctx context.Context, in AdminCompartmentSaveInput) (AdminCompartment, error) {
			c, err := b().SaveCompartment(ctx, in.StationUUID, "", in.Compartment.domain(), "", in.Reason)
			return adminCompartment(c), err
		}),
		rpc.Mutation("stations.updateCompartment", rpc.Manager, func(ctx context.Context, in AdminCompartmentSaveInput) (AdminCompartment, error) {
			if in.CompartmentUUID == "" {
				return AdminCompartment{}, apperr.Field(apperr.MissingParams, "compartmentUuid", "compartment is required")
			}
			c, err := b().SaveCompartment(ctx, in.StationUUID, in.CompartmentUUID, in.Compartment.domain(), in.Version, in.Reason)
			return adminCompartment(c), err
		}),
		rpc.Query("coupons.packs", rpc.Manager, func(ctx context.Context, _ rpc.Void) ([]AdminPack, error) {
			packs, err := b().Packs(ctx)
			return mapAll(packs, func(p backoffice.PackRow) AdminPack {
				return AdminPack{Code: p.Code, NameEn: p.NameEN, NameEt: p.NameET, Count: p.FreeOrders,
					StationUUID: p.StationID, ValidUntil: rfc3339(p.ValidUntil), Holders: p.Holders,
					Remaining: p.Remaining, Used: p.Used}
			}), err
		}),
		rpc.Mutation("coupons.createPack", rpc.Admin, func(ctx context.Context, in AdminPackInput) (AdminPack, error) {
			until, err := timeBound("validUntil", in.ValidUntil)
			if err != nil {
				return AdminPack{}, err
			}
			p, err := b().CreatePack(ctx, promo.Pack{Code: in.Code, NameEN: in.NameEn, NameET: in.NameEt,
				FreeOrders: in.Count, StationID: in.StationUUID, ValidUntil: until}, in.Reason)
			return AdminPack{Code: p.Code, NameEn: p.NameEN, NameEt: p.NameET, Count: p.FreeOrders,
				StationUUID: p.StationID, ValidUntil: rfc3339(p.ValidUntil)}, err
		}),
		rpc.Mutation("coupons.grant", rpc.Admin, func(ctx context.Context, in AdminGrantInput) (Done, error) {
			return Done{OK: true}, b().GrantPack(ctx, in.UserUUID, in.Code, in.Reason)
		}),
		rpc.Query("events.activity", rpc.Manager, func(ctx context.Context, in AdminActivityListInput) (AdminActivityPage, error) {
			from, err := timeBound("from", in.From)
			if err != nil {
				return AdminActivityPage{}, err
			}
			to, err := timeBound("to", in.To)
			if err != nil {
				return AdminActivityPage{}, err
			}
			p, err := b().Activity(ctx, backoffice.ActivityFilter{Source: in.Source, UserID: in.UserUUID, From: from, To: to,
				Cursor: in.Cursor, Limit: in.Limit})
			return AdminActivityPage{Items: mapAll(p.Items, adminActivity), Next: p.Next}, err
		}),
		rpc.Query("events.audit", rpc.Manager, func(ctx context.Context, in AdminAuditListInput) (AdminAuditPage, error) {
			from, err := timeBound("from", in.From)
			if err != nil {
				return AdminAuditPage{}, err
			}
			to, err := timeBound("to", in.To)
			if err != nil {
				return AdminAuditPage{}, err
			}
			p, err := b().Audit(ctx, backoffice.AuditFilter{ActorID: in.ActorUUID, Action: in.Action,
				TargetType: in.TargetType, TargetID: in.TargetID, From: from, To: to, Cursor: in.Cursor, Limit: in.Limit})
			if err != nil {
				return AdminAuditPage{}, err
			}
			out := AdminAuditPage{Items: make([]AdminAudit, 0, len(p.Entries)), Next: p.Next}
			for _, e := range p.Entries {
				out.Items = append(out.Items, adminAudit(e))
			}
			return out, nil
		}),
	}
}
