package app

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"lockers/internal/store/storetest"
)

// The alert rules of deploy/prometheus/alerts.yml read only series lockerd
// exports, with the labels and label values it gives them: a renamed metric
// or label would leave an alert that never fires. promtool checks the rules'
// syntax (docs/operations.md); this checks what they read.
func TestAlertRulesReadExportedSeries(t *testing.T) {
	raw, err := os.ReadFile("../../deploy/prometheus/alerts.yml")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Groups []struct {
			Rules []struct {
				Alert, Expr string
			}
		}
	}
	if err := yaml.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}

	ops := newOpsMetrics(storetest.SQLite(t))
	ops.observe("order.sweep", time.Second, nil)
	ops.observe("order.sweep", time.Second, context.DeadlineExceeded)
	srv := newServerWith(t, ServerOptions{
		Web: webFiles, Collectors: ops.collectors(), WebhookProvider: "demo",
		Webhook: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusBadRequest) }),
	})
	get(t, srv, "/c-core/trpc/hybrid/system.info")
	srv.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodPost, "/webhooks/demo", strings.NewReader("{}")))
	exported := exportedSeries(get(t, srv.MetricsHandler(), "/metrics").Body.String())

	selector := regexp.MustCompile(`\b(lockerd_[a-z_]+)(?:\{([^}]*)\})?`)
	matcher := regexp.MustCompile(`([a-z_]+)\s*(=~|!~|!=|=)\s*"([^"]*)"`)
	rules := 0
	for _, g := range file.Groups {
		for _, r := range g.Rules {
			rules++
			for _, sel := range selector.FindAllStringSubmatch(r.Expr, -1) {
				name := sel[1]
				series, ok := exported[name]
				if !ok {
					t.Errorf("%s reads %s, which lockerd does not export", r.Alert, name)
					continue
				}
				for _, m := range matcher.FindAllStringSubmatch(sel[2], -1) {
					label, op, value := m[1], m[2], m[3]
					if !hasLabel(series, label, op, value) {
						t.Errorf("%s: %s has no series with %s%s%q", r.Alert, name, label, op, value)
					}
				}
			}
		}
	}
	if rules < 10 {
		t.Fatalf("read %d rules from alerts.yml; the file's shape changed", rules)
	}
}

// exportedSeries parses the text exposition: each metric name with the label
// sets of its series.
func exportedSeries(body string) map[string][]map[string]string {
	out := map[string][]map[string]string{}
	pair := regexp.MustCompile(`([a-zA-Z_]+)="([^"]*)"`)
	for _, line := range strings.Split(body, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, rest, _ := strings.Cut(line, "{")
		name, _, _ = strings.Cut(name, " ")
		labels := map[string]string{}
		if rest != "" {
			set, _, _ := strings.Cut(rest, "}")
			for _, p := range pair.FindAllStringSubmatch(set, -1) {
				labels[p[1]] = p[2]
			}
		}
		out[name] = append(out[name], labels)
	}
	return out
}

// hasLabel reports whether a series can match label op value: an equality
// needs a series with that value, the other operators only the label.
func hasLabel(series []map[string]string, label, op, value string) bool {
	for _, s := range series {
		v, ok := s[label]
		if ok && (op != "=" || v == value) {
			return true
		}
	}
	return false
}
