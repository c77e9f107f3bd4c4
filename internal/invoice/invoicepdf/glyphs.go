package invoicepdf

import (
	"strings"
	"unicode"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/text/unicode/norm"
)

// The PDF library (gofpdf, under maroto) keeps a UTF-8 font's widths in a
// 65,536-entry table indexed by rune: a rune above U+FFFF (an emoji) panics,
// and a rune the font has no glyph for prints as nothing. So every text is
// mapped to what the embedded Go fonts can draw before it reaches maroto:
// drawable composes it (NFC, so e + U+0301 becomes the font's é), drops what
// is invisible anyway (controls, zero-width joiners, variation selectors and
// other format characters), and prints one visible replacement character,
// U+FFFD "�", for each character the fonts lack (an emoji sequence joined by
// zero-width joiners, a flag or a skin-tone variant counts as one). A
// combining mark the fonts lack is dropped and its base kept. The stored
// invoice keeps the text as it was entered; only the drawing is mapped
// (docs/decisions/110-invoice-unicode.md).

// replacement is what a character no embedded font has prints as.
const replacement = '\uFFFD'

// bold is the bold face, whose characters the regular one's must match.
var bold = func() *sfnt.Font {
	f, err := sfnt.Parse(gobold.TTF)
	if err != nil {
		panic("invoicepdf: the embedded Go bold font does not parse: " + err.Error())
	}
	return f
}()

// hasGlyph reports whether both faces draw r.
func hasGlyph(buf *sfnt.Buffer, r rune) bool {
	for _, f := range []*sfnt.Font{regular, bold} {
		if i, err := f.GlyphIndex(buf, r); err != nil || i == 0 {
			return false
		}
	}
	return true
}

// drawable returns s as the embedded fonts can draw it (see above). Plain
// ASCII without controls comes back as it is.
func drawable(s string) string {
	if plainASCII(s) {
		return s
	}
	var (
		buf      sfnt.Buffer
		b        strings.Builder
		replaced bool // the last character written was a replacement: its marks and joined parts go with it
		joined   bool // a zero-width joiner came after it
		flags    int  // regional indicators in a row (two make one flag)
	)
	for _, r := range norm.NFC.String(s) {
		isFlag := r >= 0x1F1E6 && r <= 0x1F1FF
		if !isFlag {
			flags = 0
		}
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			b.WriteByte(' ')
			replaced, joined = false, false
		case r == 0x200D: // zero-width joiner: the next character is part of this one
			joined = true
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Variation_Selector, r) ||
			r >= 0xE0000 && r <= 0xE007F: // invisible: formats, selectors, tags
		case unicode.In(r, unicode.Mn, unicode.Me) || r >= 0x1F3FB && r <= 0x1F3FF: // marks and skin tones
			if !replaced && hasGlyph(&buf, r) {
				b.WriteRune(r)
			}
		case hasGlyph(&buf, r):
			b.WriteRune(r)
			replaced, joined = false, false
		case replaced && (joined || isFlag && flags%2 == 1):
			joined = false // part of the character already replaced
		default:
			b.WriteRune(replacement)
			replaced, joined = true, false
		}
		if isFlag {
			flags++
		}
	}
	return b.String()
}

// plainASCII reports whether s is printable ASCII only, which the fonts draw as it is.
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}
