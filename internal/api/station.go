package api

import (
	"context"

	"lockers/internal/rpc"
	"lockers/internal/station"
)

// stationProcedures list stations and what they have free. They are public: a
// visitor may look before signing in.
func stationProcedures(d Deps) []rpc.Procedure {
	return []rpc.Procedure{
		rpc.Query("station.list", rpc.Public, func(ctx context.Context, _ rpc.Void) ([]StationView, error) {
			ls, err := d.Stations.List(ctx)
			if err != nil {
				return nil, err
			}
			out := make([]StationView, 0, len(ls))
			for _, l := range ls {
				out = append(out, stationView(l))
			}
			return out, nil
		}),
		rpc.Query("station.get", rpc.Public, func(ctx context.Context, in StationInput) (StationView, error) {
			l, err := d.Stations.Get(ctx, in.StationUUID)
			if err != nil {
				return StationView{}, err
			}
			return stationView(l), nil
		}),
		rpc.Query("station.availability", rpc.Public, func(ctx context.Context, in AvailabilityInput) (AvailabilityView, error) {
			st, err := d.Stations.Station(ctx, in.StationUUID)
			if err != nil {
				return AvailabilityView{}, err
			}
			start, end, err := d.Stations.Timeframe(st, in.Start, in.End)
			if err != nil {
				return AvailabilityView{}, err
			}
			av, err := d.Stations.Availability(ctx, st, start, end)
			if err != nil {
				return AvailabilityView{}, err
			}
			v := AvailabilityView{StationUUID: st.ID, TimeZone: st.TimeZone, Start: rfc3339(start), End: rfc3339(end),
				Products: make([]ProductAvailability, 0, len(av))}
			for _, a := range av {
				p := ProductAvailability{
					Height: a.Height, Type: a.Type, Temperature: a.Temperature, Dimensions: dimensionsView(a.Dimensions),
					Total: a.Total, Free: a.Free, Price: priceView(a.Price),
				}
				p.MinCelsius, p.MaxCelsius = band(a.Temperature)
				v.Products = append(v.Products, p)
			}
			return v, nil
		}),
		rpc.Query("station.freeDays", rpc.Public, func(ctx context.Context, in FreeDaysInput) (FreeDaysView, error) {
			st, err := d.Stations.Station(ctx, in.StationUUID)
			if err != nil {
				return FreeDaysView{}, err
			}
			p := station.Product{Height: in.Height, Type: in.Type, Temperature: in.Temperature}
			days, err := d.Stations.FreeByDay(ctx, st, p, in.From, in.Days)
			if err != nil {
				return FreeDaysView{}, err
			}
			v := FreeDaysView{StationUUID: st.ID, TimeZone: st.TimeZone, Days: make([]DayFreeView, 0, len(days))}
			for _, df := range days {
				v.Days = append(v.Days, DayFreeView{Date: df.Date, Free: df.Free, Total: df.Total})
			}
			return v, nil
		}),
	}
}
