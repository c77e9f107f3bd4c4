package statuswords

import "testing"

// TestEveryWordInBothLanguages: the one table words every state of each kind
// in English and Estonian, so a PDF or e-mail never falls back to a raw state.
func TestEveryWordInBothLanguages(t *testing.T) {
	kinds := []Kind{Order, Card, Payment, Invoice, CreditNote}
	if len(words) != 2 {
		t.Errorf("the table has %d languages, want en and et", len(words))
	}
	for _, kind := range kinds {
		states := States(kind)
		if len(states) < 4 {
			t.Errorf("%s: %d states", kind, len(states))
		}
		for _, state := range states {
			for _, lang := range []Language{English, Estonian} {
				if w, ok := words[lang][kind][state]; !ok || w == "" {
					t.Errorf("%s %s.%s has no word", lang, kind, state)
				}
			}
		}
		if len(words[Estonian][kind]) != len(states) {
			t.Errorf("%s: Estonian has %d words, English %d", kind, len(words[Estonian][kind]), len(states))
		}
	}
	if w := Word(Estonian, Order, "booked-not-started"); w != "Broneeritud, pole alanud" {
		t.Errorf("et booked-not-started: %q", w)
	}
}

func TestWord(t *testing.T) {
	if w := Word(Estonian, CreditNote, "paid"); w != "Tagastatud" {
		t.Errorf("et credit note paid: %q", w)
	}
	if w := Word("fr", Invoice, "paid"); w != "Paid" {
		t.Errorf("another language: %q", w)
	}
	if w := Word(English, Order, "no-such"); w != "no-such" {
		t.Errorf("an unknown state: %q", w)
	}
}
