package app

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/identity"
)

// maxCSVRows bounds one export: a million orders are narrowed by the screen's
// filter first (dates, station, status), as the lists are.
const maxCSVRows = 200_000

// csvPage is how many rows one read of an export takes: the lists' largest
// page, each written and flushed before the next is read, so an export
// streams in constant memory on the same keyset pages as the screens.
const csvPage = 200

// officeCSV serves GET /c-core/admin/{orders,payments,audit}.csv to a MANAGER
// or ADMIN (bearer token, as the admin API and statistics.csv; the lists are
// rpc.Manager): the list with the screen's filter, newest first, streamed.
// Query: from and to (YYYY-MM-DD or RFC 3339, UTC; creation time), and per
// list: orders status, stationUuid, userUuid, query; payments (the money
// ledger: payments made and refunds paid out, by when the money moved) userUuid;
// audit actorUuid, action, targetType, targetId.
type officeCSV struct {
	kind         string // orders, payments, audit
	office       *backoffice.Service
	authenticate func(context.Context, string) (identity.Principal, error)
	log          *slog.Logger
}

func (h *officeCSV) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p, ok := operatorFrom(w, r, h.log, h.authenticate)
	if !ok {
		return
	}
	ctx := identity.With(r.Context(), p)
	q := r.URL.Query()
	var from, to time.Time
	for _, b := range []struct {
		name string
		at   *time.Time
	}{{"from", &from}, {"to", &to}} {
		if v := q.Get(b.name); v != "" {
			t, err := csvTime(v)
			if err != nil {
				httpError(w, r, h.log, apperr.Field(apperr.BadInput, b.name, "a date or an RFC 3339 time"))
				return
			}
			*b.at = t
		}
	}
	page := h.pager(q, from, to)
	// The first page is read before anything is written, so a bad filter is
	// an error answer, not a half file.
	rows, next, err := page(ctx, "")
	if err != nil {
		httpError(w, r, h.log, err)
		return
	}
	out := csvAttachment(w, h.kind+".csv")
	_ = out.Write(csvHeaders[h.kind])
	flusher, _ := w.(http.Flusher)
	written := 0
	for {
		for _, row := range rows {
			_ = out.Write(row)
		}
		written += len(rows)
		out.Flush()
		if flusher != nil {
			flusher.Flush()
		}
		if next == "" || written >= maxCSVRows || ctx.Err() != nil {
			return
		}
		if rows, next, err = page(ctx, next); err != nil {
			// Headers are gone: the file ends short; the log says why.
			h.log.Error("csv export stopped", "kind", h.kind, "rows", written, "err", err)
			return
		}
	}
}

var csvHeaders = map[string][]string{
	"orders": {"order_uuid", "created_at", "status", "payment_state", "user_uuid", "user_email", "station_uuid",
		"station_name", "height", "temperature", "starts_at", "ends_at", "paid_cents", "refunded_cents"},
	// One row per movement of money (backoffice.Money): a payment made, or a
	// refund paid out (negative); the amounts sum to the statistics' revenue.
	"payments": {"at", "kind", "amount_eur", "amount_cents", "currency", "order_uuid", "user_uuid", "payment_uuid",
		"refund_uuid", "refund_reason"},
	"audit": {"at", "actor_uuid", "actor_email", "action", "target_type", "target_uuid", "before", "after", "note"},
}

type csvPager func(ctx context.Context, cursor string) ([][]string, string, error)

func csvAt(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// pager reads one list's pages as CSV rows.
func (h *officeCSV) pager(q map[string][]string, from, to time.Time) csvPager {
	get := func(k string) string {
		if v := q[k]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	switch h.kind {
	case "orders":
		return func(ctx context.Context, cur string) ([][]string, string, error) {
			p, err := h.office.Orders(ctx, backoffice.OrderFilter{Query: get("query"), Status: get("status"),
				StationID: get("stationUuid"), UserID: get("userUuid"), From: from, To: to, Cursor: cur, Limit: csvPage})
			rows := make([][]string, 0, len(p.Orders))
			for _, o := range p.Orders {
				rows = append(rows, []string{o.ID, csvAt(o.CreatedAt), o.Status, o.PaymentState, o.UserID, o.UserEmail,
					o.StationID, o.StationName, o.Height, o.Temperature, csvAt(o.StartsAt), csvAt(o.EndsAt),
					strconv.FormatInt(o.PaidCents, 10), strconv.FormatInt(o.RefundedCents, 10)})
			}
			return rows, p.Next, err
		}
	case "payments":
		return func(ctx context.Context, cur string) ([][]string, string, error) {
			p, err := h.office.Money(ctx, backoffice.MoneyFilter{UserID: get("userUuid"), From: from, To: to,
				Cursor: cur, Limit: csvPage})
			rows := make([][]string, 0, len(p.Items))
			for _, m := range p.Items {
				refund := ""
				if m.Kind == backoffice.MoneyRefund {
					refund = m.ID
				}
				rows = append(rows, []string{csvAt(m.At), m.Kind, euros(m.AmountCents), strconv.FormatInt(m.AmountCents, 10),
					m.Currency, m.OrderID, m.UserID, m.PaymentID, refund, m.Reason})
			}
			return rows, p.Next, err
		}
	default:
		return func(ctx context.Context, cur string) ([][]string, string, error) {
			p, err := h.office.Audit(ctx, backoffice.AuditFilter{ActorID: get("actorUuid"), Action: get("action"),
				TargetType: get("targetType"), TargetID: get("targetId"), From: from, To: to, Cursor: cur, Limit: csvPage})
			rows := make([][]string, 0, len(p.Entries))
			for _, e := range p.Entries {
				rows = append(rows, []string{csvAt(e.CreatedAt), e.ActorID, e.ActorEmail, e.Action, e.TargetType, e.TargetID,
					string(e.Before), string(e.After), e.Note})
			}
			return rows, p.Next, err
		}
	}
}

// officeCSVs are the three exports by list name.
func officeCSVs(office *backoffice.Service, auth func(context.Context, string) (identity.Principal, error), log *slog.Logger) map[string]http.Handler {
	out := map[string]http.Handler{}
	for _, kind := range []string{"orders", "payments", "audit"} {
		out[kind] = &officeCSV{kind: kind, office: office, authenticate: auth, log: log}
	}
	return out
}
