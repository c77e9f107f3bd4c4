package app

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/identity"
)

// statisticsCSV serves GET /c-core/admin/statistics.csv to a MANAGER or ADMIN
// (bearer token, as the admin API): the statistics screen's table as a file.
// Query: from and to (YYYY-MM-DD or RFC 3339, UTC), period (day, week, month),
// stationUuid, byStation=1.
type statisticsCSV struct {
	office       *backoffice.Service
	authenticate func(context.Context, string) (identity.Principal, error)
	log          *slog.Logger
}

func (h *statisticsCSV) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p, ok := operatorFrom(w, r, h.log, h.authenticate)
	if !ok {
		return
	}
	q := r.URL.Query()
	from, ferr := csvTime(q.Get("from"))
	to, terr := csvTime(q.Get("to"))
	if ferr != nil || terr != nil {
		httpError(w, r, h.log, codeError(apperr.BadInput))
		return
	}
	rows, err := h.office.Statistics(identity.With(r.Context(), p), backoffice.StatsFilter{From: from, To: to,
		Period: q.Get("period"), StationID: q.Get("stationUuid"), ByStation: q.Get("byStation") == "1"})
	if err != nil {
		httpError(w, r, h.log, err)
		return
	}
	out := csvAttachment(w, "statistics.csv")
	_ = out.Write([]string{"period", "station_uuid", "bookings", "revenue_cents", "avg_rental_hours",
		"booked_locker_hours", "occupancy_pct"})
	for _, s := range rows {
		_ = out.Write([]string{s.Period, s.StationID, strconv.Itoa(s.Bookings), strconv.FormatInt(s.RevenueCents, 10),
			strconv.FormatFloat(s.AvgRentalHours, 'f', 2, 64), strconv.FormatFloat(s.BookedLockerHour, 'f', 2, 64),
			strconv.FormatFloat(s.OccupancyPct, 'f', 2, 64)})
	}
	out.Flush()
}
