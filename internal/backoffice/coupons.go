package backoffice

import (
	"context"
	"database/sql"
	"regexp"
	"strings"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/promo"
	"lockers/internal/promo/promosql"
	"lockers/internal/store"
)

// PackRow is a coupon pack with its usage.
type PackRow struct {
	promo.Pack
	Holders   int // users holding the pack
	Remaining int // free orders left across holders
	Used      int // free orders spent
}

// Packs lists every coupon pack with its usage, by code. Packs are few (an
// operator makes them by hand), so this list is not paged.
func (s *Service) Packs(ctx context.Context) ([]PackRow, error) {
	rows, err := collect(ctx, s.db, func(r *sql.Rows) (PackRow, error) {
		var (
			p               PackRow
			station         sql.NullString
			until           sql.NullTime
			holders, remain int
		)
		err := r.Scan(&p.Code, &p.NameEN, &p.NameET, &p.FreeOrders, &station, &until, &holders, &remain)
		p.StationID, p.ValidUntil, p.Holders, p.Remaining = station.String, opt(until), holders, remain
		p.Used = holders*p.FreeOrders - remain
		return p, err
	}, `SELECT p.code, p.name_en, p.name_et, p.free_orders, p.station_id, p.valid_until,
		count(uc.id), coalesce(sum(uc.remaining), 0)
		FROM coupon_packs p LEFT JOIN user_coupons uc ON uc.pack_code = p.code
		GROUP BY p.code, p.name_en, p.name_et, p.free_orders, p.station_id, p.valid_until ORDER BY p.code`)
	return rows, internal("packs", err)
}

var packCode = regexp.MustCompile(`^[A-Z0-9][A-Z0-9-]{1,39}$`)

// CreatePack adds a coupon pack: code (upper case letters, digits, dashes),
// names in English and Estonian, free orders (count), optional station and expiry.
func (s *Service) CreatePack(ctx context.Context, p promo.Pack) (promo.Pack, error) {
	p.Code = strings.ToUpper(strings.TrimSpace(p.Code))
	p.NameEN, p.NameET = strings.TrimSpace(p.NameEN), strings.TrimSpace(p.NameET)
	switch {
	case !packCode.MatchString(p.Code):
		return promo.Pack{}, apperr.Field(apperr.BadInput, "code", "code is 2-40 letters, digits or dashes")
	case p.NameEN == "" || p.NameET == "" || len(p.NameEN) > 200 || len(p.NameET) > 200:
		return promo.Pack{}, apperr.Field(apperr.BadInput, "name", "names in English and Estonian are required")
	case p.FreeOrders < 1 || p.FreeOrders > 1000:
		return promo.Pack{}, apperr.Field(apperr.BadInput, "count", "count is 1-1000 free orders")
	case p.StationID != "" && !validID(p.StationID):
		return promo.Pack{}, apperr.Field(apperr.BadInput, "stationUuid", "not an id")
	}
	err := s.write(ctx, "admin.coupons.createPack", "coupon_pack", p.Code, "", func(tx *store.Tx, _ time.Time) (change, error) {
		if p.StationID != "" {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM stations WHERE id = $1`, p.StationID).Scan(&n); err != nil {
				return change{}, err
			}
			if n == 0 {
				return change{}, apperr.New(apperr.StationNotFound, "Station not found")
			}
		}
		ok, err := promosql.InsertPack(ctx, tx, p)
		if err != nil {
			return change{}, err
		}
		if !ok {
			return change{}, apperr.Field(apperr.CouponAlreadyRegistered, "code", "a pack with this code exists")
		}
		return change{After: map[string]any{"code": p.Code, "nameEn": p.NameEN, "nameEt": p.NameET,
			"count": p.FreeOrders, "stationId": p.StationID, "validUntil": timeOrNil(p.ValidUntil)}}, nil
	})
	return p, err
}

// GrantPack gives a user a pack as if they had typed its code (once per user:
// COUPON_ALREADY_REGISTERED when they hold it).
func (s *Service) GrantPack(ctx context.Context, userID, code string) error {
	code = strings.ToUpper(strings.TrimSpace(code))
	return s.write(ctx, "admin.coupons.grant", "user", userID, code, func(tx *store.Tx, now time.Time) (change, error) {
		if _, err := s.liveUser(ctx, tx, userID); err != nil {
			return change{}, err
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM coupon_packs WHERE code = $1`, code).Scan(&n); err != nil {
			return change{}, err
		}
		if n == 0 {
			return change{}, apperr.Field(apperr.CantRegisterCoupon, "code", "no pack has this code")
		}
		ok, err := promosql.Grant(ctx, tx, userID, code, "user:"+userID, now)
		if err != nil {
			return change{}, err
		}
		if !ok {
			return change{}, apperr.New(apperr.CouponAlreadyRegistered, "the user holds this pack already")
		}
		return change{After: map[string]any{"pack": code}}, nil
	})
}
