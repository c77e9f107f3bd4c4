package demopay

import (
	"net/http"

	"golang.org/x/text/language"

	"lockers/internal/money"
)

// texts are a hosted page's words in one language.
type texts struct {
	Lang, Title, Note             string
	CheckoutTitle, SetupTitle     string
	Amount, Pay, Decline, Back    string
	ChooseCard, Save              string
	CardWorks, CardDeclines       string
	DoneTitle, DoneBody, Continue string
	ExpiredTitle, ExpiredBody     string // a link the order no longer needs (paid another way)
	BadLink, BadLinkBody          string
	DeliveryFailed                string
}

var english = texts{
	Lang:           "en",
	Title:          "Demo payment provider",
	Note:           "Demo payment provider — no real money is charged.",
	CheckoutTitle:  "Pay for your locker",
	SetupTitle:     "Save a card",
	Amount:         "Amount",
	Pay:            "Pay",
	Decline:        "Decline",
	Back:           "Back to the app without paying",
	ChooseCard:     "Choose a demo card",
	Save:           "Save card",
	CardWorks:      "Visa •••• 4242 — every charge succeeds",
	CardDeclines:   "Mastercard •••• 0341 — is saved, then declines every charge",
	DoneTitle:      "Already done",
	DoneBody:       "This page has been used. You can go back to the app.",
	ExpiredTitle:   "This payment link has expired",
	ExpiredBody:    "The order was paid another way, so this link takes no money. You can go back to the app.",
	Continue:       "Back to the app",
	BadLink:        "This link does not work",
	BadLinkBody:    "The link is not valid or has expired. Start again from the app.",
	DeliveryFailed: "The payment could not be reported to the app. Please try again.",
}

var estonian = texts{
	Lang:           "et",
	Title:          "Demomakseteenus",
	Note:           "Demomakseteenus — päris raha ei võeta.",
	CheckoutTitle:  "Maksa kapi eest",
	SetupTitle:     "Salvesta kaart",
	Amount:         "Summa",
	Pay:            "Maksa",
	Decline:        "Keeldu",
	Back:           "Tagasi äppi maksmata",
	ChooseCard:     "Vali demokaart",
	Save:           "Salvesta kaart",
	CardWorks:      "Visa •••• 4242 — iga makse õnnestub",
	CardDeclines:   "Mastercard •••• 0341 — salvestub, kuid lükkab iga makse tagasi",
	DoneTitle:      "Juba tehtud",
	DoneBody:       "Seda lehte on juba kasutatud. Võid äppi tagasi minna.",
	ExpiredTitle:   "See makselink on aegunud",
	ExpiredBody:    "Tellimus on juba muul viisil makstud, seega see link raha ei võta. Võid äppi tagasi minna.",
	Continue:       "Tagasi äppi",
	BadLink:        "See link ei tööta",
	BadLinkBody:    "Link on vigane või aegunud. Alusta äpis uuesti.",
	DeliveryFailed: "Makset ei õnnestunud äpile teatada. Palun proovi uuesti.",
}

var matcher = language.NewMatcher([]language.Tag{language.English, language.Estonian})

// textsFor picks the page's language: the one the app asked for, else the
// browser's preference, else English.
func textsFor(asked string, r *http.Request) texts {
	if asked == "" {
		asked = r.URL.Query().Get("lang")
	}
	switch asked {
	case "et":
		return estonian
	case "en":
		return english
	}
	tags, _, _ := language.ParseAcceptLanguage(r.Header.Get("Accept-Language"))
	tag, _, conf := matcher.Match(tags...)
	if base, _ := tag.Base(); base.String() == "et" && conf != language.No {
		return estonian
	}
	return english
}

// money formats cents the way each language writes them (package money, the
// one formatter of every server text).
func (t texts) money(cents int64, currency string) string {
	return money.FormatCurrency(cents, currency, t.Lang)
}
