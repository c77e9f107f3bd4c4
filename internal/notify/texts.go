package notify

import (
	"fmt"
	"strings"
	"time"
)

// text is a notification's title and body in one language, with {placeholders}.
type text struct{ title, body string }

// texts are every kind's words in both languages.
var texts = map[Language]map[Kind]text{
	English: {
		BookingConfirmed: {"Booking confirmed", "Your locker at {station} is booked from {start} to {end}."},
		PaymentFailed:    {"Payment failed", "The payment for your booking at {station} did not go through. Please try again."},
		StartsSoon:       {"Your rental starts in an hour", "Your locker at {station} is yours from {start}."},
		EndsSoon:         {"Your rental ends in an hour", "Please collect your things from {station} by {end}, or extend the rental."},
		Ended:            {"Your rental has ended", "Your rental at {station} ended at {end}. Thank you!"},
		DoorLeftOpen:     {"A door was left open", "The door of locker {locker} at {station} is open. Please close it."},
		RefundMade:       {"Refund made", "We refunded {amount} for your booking at {station}."},
		IssueAnswered:    {"Your report was answered", "{answer}"},
	},
	Estonian: {
		BookingConfirmed: {"Broneering kinnitatud", "Sinu kapp asukohas {station} on broneeritud ajavahemikuks {start} – {end}."},
		PaymentFailed:    {"Makse ebaõnnestus", "Sinu broneeringu ({station}) makse ei õnnestunud. Palun proovi uuesti."},
		StartsSoon:       {"Sinu rent algab tunni aja pärast", "Sinu kapp asukohas {station} on sinu kasutuses alates {start}."},
		EndsSoon:         {"Sinu rent lõpeb tunni aja pärast", "Palun võta oma asjad asukohast {station} ära hiljemalt {end} või pikenda renti."},
		Ended:            {"Sinu rent on lõppenud", "Sinu rent asukohas {station} lõppes {end}. Aitäh!"},
		DoorLeftOpen:     {"Uks jäi lahti", "Kapi {locker} uks asukohas {station} on lahti. Palun sulge see."},
		RefundMade:       {"Raha tagastatud", "Tagastasime sinu broneeringu ({station}) eest {amount}."},
		IssueAnswered:    {"Sinu teatele vastati", "{answer}"},
	},
}

// zone is where the stations are: times in messages are local (Estonia).
var zone = func() *time.Location {
	if l, err := time.LoadLocation("Europe/Tallinn"); err == nil {
		return l
	}
	return time.FixedZone("EET", 2*3600)
}()

// Params fill a text's placeholders; zero fields are left out.
type Params struct {
	Station     string
	Locker      string
	Start, End  time.Time
	AmountCents int64
	Answer      string
}

// Render returns kind's title and body in lang (English for an unknown language).
func Render(lang Language, kind Kind, p Params) (title, body string) {
	byKind, ok := texts[lang]
	if !ok {
		lang, byKind = English, texts[English]
	}
	t := byKind[kind]
	r := strings.NewReplacer("{station}", p.Station, "{locker}", p.Locker, "{start}", clock(p.Start),
		"{end}", clock(p.End), "{amount}", money(lang, p.AmountCents), "{answer}", p.Answer)
	return t.title, r.Replace(t.body)
}

func clock(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.In(zone).Format("02.01.2006 15:04")
}

// money is an amount in euros as the language writes it: 12.50 € or 12,50 €.
func money(lang Language, cents int64) string {
	s := fmt.Sprintf("%d.%02d €", cents/100, cents%100)
	if lang == Estonian {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}
