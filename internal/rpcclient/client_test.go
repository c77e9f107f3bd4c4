package rpcclient

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestCallDecodesDataAndErrors(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		switch r.URL.Path {
		case "/c-core/trpc/hybrid/order.create":
			if r.Header.Get("Authorization") != "Bearer tok" || string(body) != `{"n":1}` {
				t.Errorf("request: %q %q", r.Header.Get("Authorization"), body)
			}
			_, _ = io.WriteString(w, `{"result":{"data":{"uuid":"o-1","lockers":[{"lockerUuid":"l-1"},{"lockerUuid":"l-2"}]}}}`)
		case "/c-core/trpc/hybrid/order.get":
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, `{"error":{"message":"no such order","data":{"appCode":"ORDER_NOT_FOUND"}}}`)
		}
	}))
	defer srv.Close()
	c := New(srv.URL, "", 1)
	defer c.Close()

	var out struct {
		UUID    string `json:"uuid"`
		Lockers []struct {
			LockerUUID string `json:"lockerUuid"`
		} `json:"lockers"`
	}
	if err := c.Mutation(context.Background(), "order.create", "tok", map[string]int{"n": 1}, &out); err != nil {
		t.Fatal(err)
	}
	if out.UUID != "o-1" || len(out.Lockers) != 2 || out.Lockers[1].LockerUUID != "l-2" {
		t.Fatalf("decoded %+v", out)
	}

	err := c.Query(context.Background(), "order.get", "tok", map[string]string{"orderUuid": "x"}, &out)
	var ce *CallError
	if !errors.As(err, &ce) || ce.Status != http.StatusNotFound || ce.AppCode != "ORDER_NOT_FOUND" {
		t.Fatalf("error %v", err)
	}
}
