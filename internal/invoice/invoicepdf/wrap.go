package invoicepdf

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// maroto wraps text only at spaces: a word wider than its column (a long
// e-mail address, a name without spaces) runs over the next column. breakWords
// gives such words break points first, so every piece fits.

// regular is the body font, for measuring.
var regular = func() *sfnt.Font {
	f, err := sfnt.Parse(goregular.TTF)
	if err != nil {
		panic("invoicepdf: the embedded Go font does not parse: " + err.Error())
	}
	return f
}()

// textWidth is the width in millimetres of s set in the regular font at size points.
func textWidth(s string, size float64) float64 {
	var buf sfnt.Buffer
	upem := fixed.Int26_6(regular.UnitsPerEm())
	var units fixed.Int26_6
	for _, r := range s {
		i, err := regular.GlyphIndex(&buf, r)
		if err != nil || i == 0 {
			units += upem / 2 // a character the font lacks: about half an em
			continue
		}
		adv, err := regular.GlyphAdvance(&buf, i, upem, font.HintingNone)
		if err != nil {
			adv = upem / 2
		}
		units += adv
	}
	return float64(units) / float64(upem) * size * 25.4 / 72
}

// breakWords inserts spaces into the words of s that are wider than width mm
// at size points: before an @ or a dot, or after a hyphen, an underscore or a
// plus, when one fits, else where the width runs out. Words that fit are left alone.
func breakWords(s string, width, size float64) string {
	words := strings.Split(s, " ")
	for i, w := range words {
		if textWidth(w, size) > width {
			words[i] = strings.Join(splitWord(w, width, size), " ")
		}
	}
	return strings.Join(words, " ")
}

// splitWord cuts w into pieces no wider than width.
func splitWord(w string, width, size float64) []string {
	var pieces []string
	for textWidth(w, size) > width {
		cut, soft := 0, 0 // byte offsets: the widest fitting prefix, and its last soft break
		for i, r := range w {
			next := i + utf8.RuneLen(r)
			if textWidth(w[:next], size) > width {
				break
			}
			if strings.ContainsRune("@.", r) && i > 0 {
				soft = i // before an @ or a dot, as addresses are broken by hand
			}
			cut = next
			if strings.ContainsRune("_-+", r) && next < len(w) {
				soft = next
			}
		}
		if soft > 0 {
			cut = soft
		}
		if cut == 0 { // not even one character fits: give it its own piece
			_, n := utf8.DecodeRuneInString(w)
			cut = n
		}
		pieces, w = append(pieces, w[:cut]), w[cut:]
	}
	return append(pieces, w)
}
