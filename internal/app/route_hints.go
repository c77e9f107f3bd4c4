package app

import (
	"bytes"
	"encoding/json"
	"html"
	"io/fs"
	"strings"
)

// routeHints knows, per client route, the lazy chunks its first render needs
// (route-chunks.json, written by the web build). Answering a deep link with
// index.html, the server lists them for preloading, so the browser fetches the
// page's code alongside the entry rather than one round trip after it has run.
type routeHints struct {
	routes []routeIndex
}

// routeIndex is index.html as served for one route pattern, plain and gzipped.
type routeIndex struct {
	segments []string // "/order/:orderUuid" → ["order", ":orderUuid"]; "*" matches anything
	page     []byte
	pageGz   []byte
}

type routeChunksFile []struct {
	Path  string   `json:"path"`
	Files []string `json:"files"`
}

// newRouteHints builds one index.html per route. A build without the file (or
// with a broken one) gives no hints: the app works the same, a little slower.
func newRouteHints(files fs.FS, index []byte) *routeHints {
	raw, err := fs.ReadFile(files, "route-chunks.json")
	if err != nil {
		return &routeHints{}
	}
	var routes routeChunksFile
	if json.Unmarshal(raw, &routes) != nil {
		return &routeHints{}
	}
	h := &routeHints{routes: make([]routeIndex, 0, len(routes))}
	for _, r := range routes {
		page := withPreloadList(index, r.Files)
		h.routes = append(h.routes, routeIndex{segments: splitPath(r.Path), page: page, pageGz: gzipBytes(page)})
	}
	return h
}

// withPreloadList lists files in a <meta name="lockers-preload"> before </head>.
// The page's boot script (web/build/boot-after-paint.ts) turns every such list
// into modulepreload requests right after the first paint, together with the
// entry's: fetched in parallel, without holding up what index.html paints.
func withPreloadList(index []byte, files []string) []byte {
	if len(files) == 0 {
		return index
	}
	urls := make([]string, len(files))
	for i, f := range files {
		urls[i] = "/" + f
	}
	meta := `<meta name="lockers-preload" content="` + html.EscapeString(strings.Join(urls, " ")) + `">` + "\n"
	return bytes.Replace(index, []byte("</head>"), []byte(meta+"</head>"), 1)
}

// index returns the page for a request path, or nil when no route matches. Like
// the client's router, a static segment outranks a parameter, and "*" matches
// only when nothing else does.
func (h *routeHints) index(urlPath string) (page, pageGz []byte) {
	segs := splitPath(urlPath)
	best, bestScore := -1, -1
	for i, r := range h.routes {
		if score := matchScore(r.segments, segs); score > bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		return nil, nil
	}
	return h.routes[best].page, h.routes[best].pageGz
}

// matchScore is -1 when pattern does not match segs, else higher for more static
// segments; the catch-all scores 0.
func matchScore(pattern, segs []string) int {
	if len(pattern) == 1 && pattern[0] == "*" {
		return 0
	}
	if len(pattern) != len(segs) {
		return -1
	}
	score := 1
	for i, p := range pattern {
		switch {
		case strings.HasPrefix(p, ":"):
			score++
		case p == segs[i]:
			score += 2
		default:
			return -1
		}
	}
	return score
}

func splitPath(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}
