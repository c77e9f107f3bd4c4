// Package api holds the procedure tables of the two tRPC endpoints and their wire
// types. It is the single source of truth for the HTTP API: the rpc handler serves
// these tables and the generator (./gen) writes the web app's AppRouter type from
// them. Domain rules live in the domain packages; this package only translates.
package api

//go:generate go run ./gen -out ../../web/src/api/generated/app-router.d.ts

import "lockers/internal/rpc"

// Hybrid is the user API served at /c-core/trpc/hybrid.
func Hybrid(d Deps) []rpc.Procedure {
	return concat(
		systemProcedures(d),
		authProcedures(d),
		stationProcedures(d),
		orderProcedures(d),
		couponProcedures(d),
		invoiceProcedures(d),
		paymentProcedures(d),
		doorProcedures(d),
		helpProcedures(d),
		notificationProcedures(d),
		issueProcedures(d),
	)
}

// Admin is the back-office API served at /c-core/trpc/admin; every procedure in
// it requires the MANAGER or the ADMIN role (rpc.Manager), the ADMIN-only ones
// rpc.Admin (docs/decisions/060-back-office-access-and-audit.md).
func Admin(d Deps) []rpc.Procedure {
	return concat(
		adminSystemProcedures(d),
		adminOfficeProcedures(d),
		adminHelpProcedures(d),
		adminOpsProcedures(d),
		adminCredentialsProcedures(d),
		adminReconcileProcedures(d),
		adminNetworkProcedures(d),
	)
}

func concat(lists ...[]rpc.Procedure) []rpc.Procedure {
	var all []rpc.Procedure
	for _, l := range lists {
		all = append(all, l...)
	}
	return all
}
