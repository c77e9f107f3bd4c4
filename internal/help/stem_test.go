package help

import "testing"

func TestStemEstonianFindsOneStemForAWordsForms(t *testing.T) {
	for stem, forms := range map[string][]string{
		"tagast": {"tagastus", "tagastuse", "tagastust", "tagastamine", "tagastamise", "tagastamiseni", "tagastatud", "tagastata", "tagastatakse"},
		"tühist": {"tühistamine", "tühistatud", "tühistus", "tühistada"},
		"arve":   {"arve", "arved", "arvet", "arvele", "arvega"},
		"kood":   {"kood", "koodid", "koodi", "koodiga"},
		"maks":   {"maksmine", "makse"},
		"uks":    {"uks"}, // too short to cut
	} {
		for _, f := range forms {
			if got := StemEstonian(f); got != stem {
				t.Errorf("StemEstonian(%q) = %q, want %q", f, got, stem)
			}
		}
	}
}
