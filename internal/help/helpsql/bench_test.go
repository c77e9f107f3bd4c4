package helpsql_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"lockers/internal/help"
	"lockers/internal/help/helpsql"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// BenchmarkSearch measures help.search's database work over the shipped help
// plus 400 generated articles of about 2 kB a language (a help centre many
// times today's), with queries of one and two words in both languages, and
// reports p50 and p99:
//
//	go test -run '^$' -bench Search ./internal/help/helpsql/
func BenchmarkSearch(b *testing.B) {
	for _, dialect := range []struct {
		name string
		open func(testing.TB) *store.DB
	}{{"sqlite", storetest.SQLite}, {"postgres", storetest.Postgres}} {
		b.Run(dialect.name, func(b *testing.B) {
			ctx := context.Background()
			db := dialect.open(b)
			nodes, err := help.LoadContent(help.Content, "content")
			if err != nil {
				b.Fatal(err)
			}
			nodes = append(nodes, help.SeedNode{Node: help.Node{Path: "bulk", Kind: help.Section,
				Title: help.Text{EN: "More", ET: "Veel"}}, Hash: "bulk"})
			for i := range 400 {
				body := strings.Repeat(fmt.Sprintf("Paragraph %d about lockers, stations and payments. ", i), 40)
				nodes = append(nodes, help.SeedNode{Node: help.Node{Path: fmt.Sprintf("bulk/a%d", i), Parent: "bulk",
					Kind: help.Article, Title: help.Text{EN: fmt.Sprintf("Topic %d", i), ET: fmt.Sprintf("Teema %d", i)},
					Body: help.Text{EN: body, ET: "Lõik kappidest, jaamadest ja maksetest. " + body}}, Hash: fmt.Sprint(i)})
			}
			svc := help.NewService(helpsql.New(db), func() time.Time { return now })
			if _, err := svc.Seed(ctx, nodes); err != nil {
				b.Fatal(err)
			}
			queries := []struct {
				q    string
				lang help.Lang
			}{{"door", help.English}, {"uks avane", help.Estonian}, {"refund card", help.English}, {"arve", help.Estonian}, {"zzz", help.English}}
			lat := make([]time.Duration, 0, b.N)
			i := 0
			for b.Loop() {
				q := queries[i%len(queries)]
				i++
				t0 := time.Now()
				if _, err := svc.Search(ctx, q.q, q.lang); err != nil {
					b.Fatal(err)
				}
				lat = append(lat, time.Since(t0))
			}
			slices.Sort(lat)
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
		})
	}
}
