package help

import (
	"strings"
	"unicode/utf8"
)

// Estonian inflects where English adds a word: "tagastus" (a refund),
// "tagastamine" (refunding), "tagastatud" (refunded), "tagastuse" (of a
// refund). Search matches a term anywhere in the folded text, so a query in
// one form found only the articles that use that form. StemEstonian cuts the
// term's ending, and the Estonian texts are searched for the stem: every form
// then finds every other ("tagastus" and "tagastamine" both search "tagast").
//
// The stemmer is deliberately small and documented here rather than a full
// morphological analyser: it removes the single longest ending of the list
// below (verb forms, the -us noun and its cases, plural and case endings), and
// never leaves fewer than minStem letters, so short words ("uks", "kood") stay
// whole. Since the stem is matched as a substring it works as prefix matching.
// English terms are matched as typed.

// estonianEndings are removed from a term's end, the longest that fits first.
var estonianEndings = func() []string {
	e := strings.Fields(`
		amiseni amisega amisel amiseks amise amine amata atakse atud atav ama
		miseni misega misel miseks mise mine mata takse tud dud tav
		ustega ustele ustes usest usse uste usega usele use ust us
		dega dele desse dest deta tega tele tesse test teta
		ata ada iga sse lle lt le ga st ks ni na ta de te id ed
		d t s l e i a u`)
	// Longest first, so "amine" wins over "mine" and "e".
	for i := 1; i < len(e); i++ {
		for j := i; j > 0 && utf8.RuneCountInString(e[j]) > utf8.RuneCountInString(e[j-1]); j-- {
			e[j], e[j-1] = e[j-1], e[j]
		}
	}
	return e
}()

// minStem is the fewest letters a stem keeps.
const minStem = 4

// StemEstonian returns the stem of a folded Estonian word (see above); a word
// with no ending to cut is its own stem.
func StemEstonian(term string) string {
	n := utf8.RuneCountInString(term)
	for _, e := range estonianEndings {
		if strings.HasSuffix(term, e) && n-utf8.RuneCountInString(e) >= minStem {
			return strings.TrimSuffix(term, e)
		}
	}
	return term
}
