package mailtest

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"regexp"
	"strings"
)

// Message is one received e-mail, decoded.
type Message struct {
	From    string
	To      []string
	Subject string
	Text    string // the text/plain part
	HTML    string // the text/html part
	Raw     []byte
}

var sixDigits = regexp.MustCompile(`\b\d{6}\b`)

// Code returns the first 6-digit number of the text part.
func (m Message) Code() string { return sixDigits.FindString(m.Text) }

// parse decodes a message: headers, and the text and HTML parts of a flat or
// multipart/alternative body (quoted-printable, base64 or 8bit).
func parse(from string, to []string, raw []byte) (Message, error) {
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return Message{}, err
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	if err != nil {
		return Message{}, err
	}
	m := Message{From: from, To: to, Subject: subject, Raw: raw}
	err = m.walk(msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), msg.Body)
	return m, err
}

func (m *Message) walk(ctype, encoding string, body io.Reader) error {
	media, params, err := mime.ParseMediaType(ctype)
	if err != nil {
		return fmt.Errorf("content type %q: %w", ctype, err)
	}
	if strings.HasPrefix(media, "multipart/") {
		r := multipart.NewReader(body, params["boundary"])
		for {
			p, err := r.NextRawPart()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			if err := m.walk(p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p); err != nil {
				return err
			}
		}
	}
	var dec io.Reader = body
	switch strings.ToLower(encoding) {
	case "quoted-printable":
		dec = quotedprintable.NewReader(body)
	case "base64":
		dec = base64.NewDecoder(base64.StdEncoding, body) // it skips line breaks itself
	}
	b, err := io.ReadAll(dec)
	if err != nil {
		return err
	}
	switch media {
	case "text/plain":
		m.Text = string(b)
	case "text/html":
		m.HTML = string(b)
	}
	return nil
}
