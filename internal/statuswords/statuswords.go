// Package statuswords gives the server the one table of status words (issue
// 28): the spec's words (docs/spec.md §4) for orders, cards, payments, invoices
// and credit notes, in English and Estonian, for everything the server words
// itself: invoice PDFs, e-mails and notifications. The table is
// web/src/locales/status-words.json, which the screens read too (their status
// namespace), so a screen and a PDF never word one state two ways.
package statuswords

import (
	"encoding/json"
	"fmt"

	"lockers/web"
)

// Language is "en" or "et"; any other is English.
type Language string

// The languages.
const (
	English  Language = "en"
	Estonian Language = "et"
)

// Kind is which table a word comes from.
type Kind string

// The kinds, named as the web table's sections.
const (
	Order      Kind = "order"
	Card       Kind = "card"
	Payment    Kind = "payment"
	Invoice    Kind = "invoice"
	CreditNote Kind = "creditNote"
)

// words is the table: language, kind, state → word.
var words = mustWords(web.StatusWords)

func mustWords(b []byte) map[Language]map[Kind]map[string]string {
	var w map[Language]map[Kind]map[string]string
	if err := json.Unmarshal(b, &w); err != nil {
		panic(fmt.Sprintf("statuswords: status-words.json: %v", err)) // embedded at build time: a broken file is a build fault
	}
	return w
}

// Word is the word for state in kind's table, in lang (English for another
// language); the state itself when the table has no such state.
func Word(lang Language, kind Kind, state string) string {
	table, ok := words[lang]
	if !ok {
		table = words[English]
	}
	if w, ok := table[kind][state]; ok {
		return w
	}
	return state
}

// States are the states kind's table words, for tests.
func States(kind Kind) []string {
	var out []string
	for s := range words[English][kind] {
		out = append(out, s)
	}
	return out
}
