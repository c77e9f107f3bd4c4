package cluster

import (
	"bufio"
	"context"
	"net/http"
	"strconv"
	"strings"
)

// Metrics reads a process's /metrics (with the cluster's METRICS_TOKEN)
// into series → value (the series as written, labels included).
func (p *Proc) Metrics(ctx context.Context) (map[string]float64, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+p.Addr+"/metrics", nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+metricsToken)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	out := map[string]float64{}
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		if i < 0 {
			continue
		}
		if v, err := strconv.ParseFloat(line[i+1:], 64); err == nil {
			out[line[:i]] = v
		}
	}
	return out, sc.Err()
}

// callsOf is how many successful calls of a procedure a process answered.
func callsOf(ctx context.Context, p *Proc, procedure string) float64 {
	m, err := p.Metrics(ctx)
	if err != nil {
		return 0
	}
	return m[`lockerd_rpc_calls_total{app_code="",endpoint="hybrid",procedure="`+procedure+`"}`]
}
