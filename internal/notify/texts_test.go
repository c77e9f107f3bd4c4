package notify

import (
	"strings"
	"testing"
	"time"
	_ "time/tzdata"
)

// TestRenderFollowsTheReadersLanguage (issue 28): one notification's params
// are worded in whichever language reads them, with the language's clock
// (24-hour in Estonian) and money, in the station's time zone.
func TestRenderFollowsTheReadersLanguage(t *testing.T) {
	start := time.Date(2026, 11, 28, 19, 0, 0, 0, time.UTC) // 21:00 in Tallinn
	p := Params{Station: "Viru Keskus", Start: start, End: start.Add(2 * time.Hour), TimeZone: "Europe/Tallinn"}
	if title, body := Render(English, BookingConfirmed, p); title != "Booking confirmed" ||
		body != "Your locker at Viru Keskus is booked from 28 Nov 2026, 21:00 to 28 Nov 2026, 23:00." {
		t.Errorf("en: %q %q", title, body)
	}
	if title, body := Render(Estonian, BookingConfirmed, p); title != "Broneering kinnitatud" ||
		body != "Sinu kapp asukohas Viru Keskus on broneeritud ajavahemikuks 28. nov 2026, 21:00 – 28. nov 2026, 23:00." {
		t.Errorf("et: %q %q", title, body)
	}
	// Another zone is said in that zone.
	p.TimeZone = "Europe/London"
	if _, body := Render(Estonian, StartsSoon, p); !strings.Contains(body, "28. nov 2026, 19:00") {
		t.Errorf("London: %q", body)
	}
	may := Params{Start: time.Date(2026, 5, 3, 7, 5, 0, 0, time.UTC)}
	if _, body := Render(Estonian, StartsSoon, may); !strings.Contains(body, "3. mai 2026, 10:05") {
		t.Errorf("et May: %q", body)
	}
	refund := Params{Station: "Ülemiste", AmountCents: 450}
	if _, body := Render(English, RefundMade, refund); !strings.Contains(body, "€4.50") {
		t.Errorf("en money: %q", body)
	}
	if _, body := Render(Estonian, RefundMade, refund); !strings.Contains(body, "4,50 €") {
		t.Errorf("et money: %q", body)
	}
	if title, _ := Render(Language("fr"), Ended, p); title != "Your rental has ended" {
		t.Errorf("an unknown language is English: %q", title)
	}
}

// TestEveryVariantIsWordedInBothLanguages: no text is missing or left with a
// placeholder nobody fills.
func TestEveryVariantIsWordedInBothLanguages(t *testing.T) {
	variants := []variant{paymentFailedHeld, paymentFailedExtension, lockerMovedEnded, refundMadeReason, extensionLapsed}
	for _, k := range Kinds {
		variants = append(variants, variant(k))
	}
	for _, lang := range []Language{English, Estonian} {
		if len(texts[lang]) != len(variants) {
			t.Errorf("%s has %d texts, want %d", lang, len(texts[lang]), len(variants))
		}
		for _, v := range variants {
			txt, ok := texts[lang][v]
			if !ok || txt.title == "" || txt.body == "" {
				t.Errorf("%s %s is missing", lang, v)
			}
		}
	}
	full := Params{Station: "S", Locker: "A", Start: time.Now(), End: time.Now(), Until: time.Now(), AmountCents: 1, Answer: "x", Reason: "r"}
	for _, lang := range []Language{English, Estonian} {
		for _, k := range Kinds {
			for _, p := range []Params{full, {Station: "S", Extension: true, End: time.Now()}, {Station: "S", Start: time.Now()},
				{Station: "S", Lapsed: true, AmountCents: 1, End: time.Now(), Until: time.Now()}} {
				if _, body := Render(lang, k, p); strings.ContainsAny(body, "{}") {
					t.Errorf("%s %s leaves a placeholder: %q", lang, k, body)
				}
			}
		}
	}
}

// A booking whose compartment went out of service moved (a locker named) or,
// with none of its kind free, was ended: the words say which.
func TestLockerMovedSaysMovedOrCancelled(t *testing.T) {
	at := time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC)
	if title, body := Render(English, LockerMoved, Params{Station: "Viru", Locker: "A02", Start: at}); title != "Your locker has changed" || !strings.Contains(body, "A02") {
		t.Errorf("moved: %q %q", title, body)
	}
	if title, _ := Render(English, LockerMoved, Params{Station: "Viru", Start: at}); title != "Your booking was cancelled" {
		t.Errorf("ended: %q", title)
	}
	if title, _ := Render(Estonian, LockerMoved, Params{Station: "Viru", Start: at}); title != "Sinu broneering tühistati" {
		t.Errorf("ended in Estonian: %q", title)
	}
}

// An operator's refund says the reason they gave (issue 42); a customer's own
// cancel refund, with no reason, keeps its words.
func TestRefundSaysTheOperatorsReason(t *testing.T) {
	p := Params{Station: "Viru", AmountCents: 450, Reason: "The door was jammed"}
	if _, body := Render(English, RefundMade, p); body != "Our staff refunded €4.50 for your booking at Viru. Reason: The door was jammed" {
		t.Errorf("en: %q", body)
	}
	if _, body := Render(Estonian, RefundMade, p); !strings.Contains(body, "Meie töötaja tagastas") ||
		!strings.HasSuffix(body, "Põhjus: The door was jammed") {
		t.Errorf("et: %q", body)
	}
	if _, body := Render(English, RefundMade, Params{Station: "Viru", AmountCents: 450}); body != "We refunded €4.50 for your booking at Viru." {
		t.Errorf("no reason: %q", body)
	}
}

// A lapsed extension says it lapsed unpaid, its price and the end the rental
// keeps, in both languages (issue 42); the offer keeps its own words.
func TestLapsedExtensionSaysTheEndKept(t *testing.T) {
	end := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	p := Params{Station: "Viru", AmountCents: 750, End: end, Until: end.Add(-time.Hour), Lapsed: true}
	if title, body := Render(English, ExtensionOffered, p); title != "The extension lapsed" ||
		body != "The extension of your rental at Viru for €7.50 was not paid by 2 Dec 2026, 11:00, so it lapsed and no money was taken. Your rental ends at 2 Dec 2026, 12:00 as before." {
		t.Errorf("en: %q %q", title, body)
	}
	if title, body := Render(Estonian, ExtensionOffered, p); title != "Pikendus aegus" || !strings.Contains(body, "2. dets 2026, 12:00") {
		t.Errorf("et: %q %q", title, body)
	}
	p.Lapsed = false
	if title, _ := Render(English, ExtensionOffered, p); title != "An extension waits for your payment" {
		t.Errorf("offer: %q", title)
	}
}
