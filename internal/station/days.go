package station

import (
	"context"
	"fmt"
	"time"

	"lockers/internal/apperr"
)

// MaxDays is how many days one free-by-day answer covers: the booking time
// picker's day list (about two months).
const MaxDays = 62

// DayFree is one local calendar day's free count for a product: the lockers free
// for all of the day's default timeframe (00:01-23:59; today from now on).
type DayFree struct {
	Date  string // YYYY-MM-DD in the station's zone
	Free  int
	Total int
}

// FreeByDay answers how many lockers of product p are free on each of n days
// from the local date from (YYYY-MM-DD): BAD_INPUT for an unreadable date, a day
// count outside 1..MaxDays or a start more than a year ahead. Days before today
// are skipped. A product the station does not offer counts 0 of 0.
//
// It asks the store once per day: each day is the same indexed query as a
// station.availability call, and the picker asks once per station and product.
func (s *Service) FreeByDay(ctx context.Context, st Station, p Product, from string, n int) ([]DayFree, error) {
	if err := CheckProduct(p); err != nil {
		return nil, err
	}
	if n < 1 || n > MaxDays {
		return nil, apperr.Field(apperr.BadInput, "days", fmt.Sprintf("days must be 1 to %d", MaxDays))
	}
	loc := st.Location()
	day, err := time.ParseInLocation(time.DateOnly, from, loc)
	if err != nil {
		return nil, apperr.Field(apperr.BadInput, "from", "from is not a date")
	}
	now := s.Now().Truncate(time.Minute)
	today := now.In(loc).Format(time.DateOnly)
	if day.After(now.AddDate(1, 0, 0)) {
		return nil, apperr.Field(apperr.BadInput, "from", "from is too far ahead")
	}
	out := make([]DayFree, 0, n)
	for i := 0; i < n; i++ {
		d := day.AddDate(0, 0, i)
		date := d.Format(time.DateOnly)
		if date < today {
			continue
		}
		start, end := DayFrame(d, loc)
		if start.Before(now) {
			start = now
		}
		if !end.After(start) {
			continue // today after 23:59: nothing left of it to book
		}
		av, err := s.store.Available(ctx, st.ID, start, end)
		if err != nil {
			return nil, fmt.Errorf("station: free by day: %w", err)
		}
		df := DayFree{Date: date}
		for _, a := range av {
			if a.Product == p {
				df.Free, df.Total = a.Free, a.Total
			}
		}
		out = append(out, df)
	}
	return out, nil
}
