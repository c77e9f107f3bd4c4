package notify

import (
	"strings"
	"time"

	"lockers/internal/format"
)

// text is a notification's title and body in one language, with {placeholders}.
type text struct{ title, body string }

// variant names the wording of a kind that says different things in different
// cases: a declined payment leaves the order waiting for another try until its
// hold ends (held), or drops an extension, or closed the order (nothing to try
// again in either). The web app has the same variants
// (web/src/features/notifications/render.ts).
type variant string

const (
	paymentFailedHeld      variant = "payment_failed_held"
	paymentFailedExtension variant = "payment_failed_extension"
	lockerMovedEnded       variant = "locker_moved_ended"
	refundMadeReason       variant = "refund_made_reason"
	extensionLapsed        variant = "extension_lapsed"
)

// variantOf is the text to use for kind with p.
func variantOf(kind Kind, p Params) variant {
	switch {
	case kind == PaymentFailed && p.Extension:
		return paymentFailedExtension
	case kind == PaymentFailed && !p.Until.IsZero():
		return paymentFailedHeld
	case kind == LockerMoved && p.Locker == "":
		return lockerMovedEnded
	case kind == RefundMade && p.Reason != "":
		return refundMadeReason
	case kind == ExtensionOffered && p.Lapsed:
		return extensionLapsed
	}
	return variant(kind)
}

// texts are every kind's words in both languages: the one table of the
// server's notification texts (push, e-mail, SMS). Order words follow the
// spec's status vocabulary (internal/statuswords).
var texts = map[Language]map[variant]text{
	English: {
		variant(BookingConfirmed): {"Booking confirmed", "Your locker at {station} is booked from {start} to {end}."},
		variant(PaymentFailed): {"Payment declined",
			"The payment for your booking at {station} was declined and no money was taken. The locker is not held for you any more; you can book again."},
		paymentFailedHeld: {"Payment declined",
			"The payment for your booking at {station} was declined and no money was taken. The locker is held for you until {until}: pay with another card or a link before then."},
		paymentFailedExtension: {"Extension not paid",
			"The payment for extending your rental at {station} was declined and no money was taken. Your rental still ends at {end}."},
		variant(StartsSoon):   {"Your rental starts in an hour", "Your locker at {station} is yours from {start}."},
		variant(EndsSoon):     {"Your rental ends in an hour", "Please collect your things from {station} by {end}, or extend the rental."},
		variant(Ended):        {"Your rental has ended", "Your rental at {station} ended at {end}. Thank you!"},
		variant(DoorLeftOpen): {"A door was left open", "The door of locker {locker} at {station} is open. Please close it."},
		variant(UnexpectedDoorOpening): {"Your locker's door opened unexpectedly",
			"The door of locker {locker} at {station} opened without an order from the app or a code. If it was not you, please check your things and tell us through Help."},
		variant(RefundMade):    {"Money refunded", "We refunded {amount} for your booking at {station}."},
		refundMadeReason:       {"Money refunded", "Our staff refunded {amount} for your booking at {station}. Reason: {reason}"},
		variant(IssueAnswered): {"Your report was answered", "{answer}"},
		variant(LockerMoved): {"Your locker has changed",
			"Your booking at {station} from {start} is now in locker {locker}: the one booked first is out of service. Your codes stay the same."},
		lockerMovedEnded: {"Your booking was cancelled",
			"Your booking at {station} from {start} was cancelled: its locker is out of service and no other of its kind is free then. Your free order is yours to use again."},
		variant(OrderDeleted): {"Your booking was deleted",
			"Our staff deleted your booking at {station} from {start} to {end}. No money is kept for it."},
		variant(ExtensionOffered): {"An extension waits for your payment",
			"Our staff extended your rental at {station} to {end} for {amount}. Pay for it in the app by {until}; otherwise the extension lapses and your rental ends as before."},
		extensionLapsed: {"The extension lapsed",
			"The extension of your rental at {station} for {amount} was not paid by {until}, so it lapsed and no money was taken. Your rental ends at {end} as before."},
		variant(PaymentReturned): {"A second payment was refunded",
			"Your booking at {station} was already paid, so the {amount} that came later (from a payment link) was refunded to where it came from."},
		variant(ExtensionPaid): {"Rental extended",
			"You paid {amount} to extend your rental at {station}. It now ends at {end}."},
	},
	Estonian: {
		variant(BookingConfirmed): {"Broneering kinnitatud", "Sinu kapp asukohas {station} on broneeritud ajavahemikuks {start} – {end}."},
		variant(PaymentFailed): {"Makse lükati tagasi",
			"Sinu broneeringu ({station}) makse lükati tagasi ja raha ei võetud. Kappi sinu jaoks enam ei hoita; saad uuesti broneerida."},
		paymentFailedHeld: {"Makse lükati tagasi",
			"Sinu broneeringu ({station}) makse lükati tagasi ja raha ei võetud. Kapp on sinu jaoks hoitud kuni {until}: maksa enne seda teise kaardi või lingiga."},
		paymentFailedExtension: {"Pikendus jäi maksmata",
			"Sinu rendi pikendamise ({station}) makse lükati tagasi ja raha ei võetud. Sinu rent lõpeb endiselt {end}."},
		variant(StartsSoon):   {"Sinu rent algab tunni aja pärast", "Sinu kapp asukohas {station} on sinu kasutuses alates {start}."},
		variant(EndsSoon):     {"Sinu rent lõpeb tunni aja pärast", "Palun võta oma asjad asukohast {station} ära hiljemalt {end} või pikenda renti."},
		variant(Ended):        {"Sinu rent on lõppenud", "Sinu rent asukohas {station} lõppes {end}. Aitäh!"},
		variant(DoorLeftOpen): {"Uks jäi lahti", "Kapi {locker} uks asukohas {station} on lahti. Palun sulge see."},
		variant(UnexpectedDoorOpening): {"Sinu kapi uks avanes ootamatult",
			"Kapi {locker} uks asukohas {station} avanes ilma rakenduse või koodi korralduseta. Kui see polnud sina, kontrolli palun oma asju ja anna meile teada abikeskuse kaudu."},
		variant(RefundMade):    {"Raha tagastatud", "Tagastasime sinu broneeringu ({station}) eest {amount}."},
		refundMadeReason:       {"Raha tagastatud", "Meie töötaja tagastas sinu broneeringu ({station}) eest {amount}. Põhjus: {reason}"},
		variant(IssueAnswered): {"Sinu teatele vastati", "{answer}"},
		variant(LockerMoved): {"Sinu kapp vahetus",
			"Sinu broneering asukohas {station} alates {start} on nüüd kapis {locker}: algselt broneeritud kapp on kasutusest väljas. Sinu koodid jäävad samaks."},
		lockerMovedEnded: {"Sinu broneering tühistati",
			"Sinu broneering asukohas {station} alates {start} tühistati: selle kapp on kasutusest väljas ja teist samasugust kappi pole sel ajal vaba. Tasuta tellimus on sul uuesti kasutada."},
		variant(OrderDeleted): {"Sinu broneering kustutati",
			"Meie töötaja kustutas sinu broneeringu asukohas {station} ajavahemikuks {start} – {end}. Selle eest ei jää meile raha."},
		variant(ExtensionOffered): {"Pikendus ootab sinu makset",
			"Meie töötaja pikendas sinu renti asukohas {station} kuni {end} hinnaga {amount}. Maksa see rakenduses hiljemalt {until}; muidu pikendus aegub ja sinu rent lõpeb nagu enne."},
		extensionLapsed: {"Pikendus aegus",
			"Sinu rendi pikendust asukohas {station} hinnaga {amount} ei makstud tähtajaks ({until}), seega see aegus ja raha ei võetud. Sinu rent lõpeb nagu enne: {end}."},
		variant(PaymentReturned): {"Teine makse tagastati",
			"Sinu broneering asukohas {station} oli juba makstud, seega hiljem (makselingiga) tulnud {amount} tagastati sinna, kust see tuli."},
		variant(ExtensionPaid): {"Rent pikendatud",
			"Maksid {amount} rendi pikendamise eest asukohas {station}. Rent lõpeb nüüd {end}."},
	},
}

// Params fill a text's placeholders; zero fields are left out. They are
// stored with the notification (as JSON, the web app's NotificationParams),
// so that it is worded when it is read, in the reader's language then.
type Params struct {
	Station     string    `json:"station,omitempty"`
	Locker      string    `json:"locker,omitempty"`
	Start       time.Time `json:"start,omitzero"`
	End         time.Time `json:"end,omitzero"`
	AmountCents int64     `json:"amountCents,omitempty"`
	Answer      string    `json:"answer,omitempty"`
	// Until is how long a declined order stays held for another try.
	Until time.Time `json:"until,omitzero"`
	// Extension: the declined payment was for an extension, which is dropped.
	Extension bool `json:"extension,omitempty"`
	// TimeZone is the station's IANA zone: times are said in it.
	TimeZone string `json:"timeZone,omitempty"`
	// Reason is what an operator gave as the reason of a refund (issue 42).
	Reason string `json:"reason,omitempty"`
	// Lapsed: the pending extension (ExtensionOffered) was not paid in time
	// and lapsed; End is the end the rental keeps (issue 42).
	Lapsed bool `json:"lapsed,omitempty"`
}

// Render returns kind's title and body in lang (English for an unknown language).
func Render(lang Language, kind Kind, p Params) (title, body string) {
	byVariant, ok := texts[lang]
	if !ok {
		lang, byVariant = English, texts[English]
	}
	t := byVariant[variantOf(kind, p)]
	loc := format.Zone(p.TimeZone) // a notification without a zone: the product's
	r := strings.NewReplacer("{station}", p.Station, "{locker}", p.Locker, "{start}", dateTime(lang, p.Start, loc),
		"{end}", dateTime(lang, p.End, loc), "{until}", dateTime(lang, p.Until, loc),
		"{amount}", money(lang, p.AmountCents), "{answer}", p.Answer, "{reason}", p.Reason)
	return t.title, r.Replace(t.body)
}

// dateTime writes t on the station's clock in the one style of every screen
// and text (package format): "2 Dec 2026, 00:20", "2. dets 2026, 00:20".
func dateTime(lang Language, t time.Time, loc *time.Location) string {
	return format.Instant(format.Language(lang), t, loc)
}

// money is an amount in euros as the web app writes it (package format).
func money(lang Language, cents int64) string { return format.Money(format.Language(lang), cents) }
