package mail

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
)

func TestTheLogMailerPrintsTheCodeOnALineOfItsOwn(t *testing.T) {
	var buf bytes.Buffer
	m := Log{Logger: slog.New(slog.NewTextHandler(&buf, nil))}
	text := "Hello,\n\nEnter this code to confirm your e-mail address:\n\n    483920\n\nThe code is valid for 15 minutes.\n"
	if err := m.SendMail(context.Background(), "ann@example.com", "Confirm your e-mail address", text, "<p>html</p>"); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	var code string
	for _, l := range lines {
		if strings.Contains(l, `msg="mail | 483920"`) {
			code = l
		}
	}
	if code == "" {
		t.Fatalf("no line of its own carries the code:\n%s", buf.String())
	}
	if len(lines) != 5 || !strings.Contains(lines[0], `subject="Confirm your e-mail address"`) {
		t.Fatalf("want a heading and four text lines, got %d:\n%s", len(lines), buf.String())
	}
}
