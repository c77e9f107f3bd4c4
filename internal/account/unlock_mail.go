package account

import (
	"bytes"
	"fmt"
	"html/template"
)

// unlockTexts are the words of the unlock e-mail in one language.
type unlockTexts struct {
	subject, intro, action, validity, ignore string
}

var unlockMessages = map[Language]unlockTexts{
	English: {
		subject:  "Unlock signing in to Lockers",
		intro:    "There have been many failed attempts to sign in to your Lockers account, so signing in is paused for now. If it was you, or you want to sign in anyway, open this link on the device you sign in with:",
		action:   "Unlock signing in",
		validity: "The link works once, for %d hours. You still sign in with your password.",
		ignore:   "If it was not you, someone may be guessing your password: keep it long and unique. Nothing has been changed in your account.",
	},
	Estonian: {
		subject:  "Ava Lockersisse sisselogimine",
		intro:    "Sinu Lockersi kontole on korduvalt üritatud valesti sisse logida, seepärast on sisselogimine praegu peatatud. Kui see olid sina või soovid ikkagi sisse logida, ava see link seadmes, millega sisse logid:",
		action:   "Ava sisselogimine",
		validity: "Link töötab ühe korra ja %d tundi. Sisse logid ikka oma parooliga.",
		ignore:   "Kui see polnud sina, püüab keegi ilmselt sinu parooli ära arvata: hoia see pikk ja ainulaadne. Sinu kontos pole midagi muudetud.",
	},
}

var unlockHTML = template.Must(template.New("unlock").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><title>{{.Subject}}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111;line-height:1.5">
<p>{{.Greeting}}</p>
<p>{{.Intro}}</p>
<p><a href="{{.Link}}" style="font-weight:700">{{.Action}}</a></p>
<p>{{.Validity}}</p>
<p style="color:#555">{{.Ignore}}</p>
</body></html>
`))

// buildUnlockMail renders the unlock e-mail with its link in lang.
func buildUnlockMail(lang Language, link string, hours int) codeMail {
	t, ok := unlockMessages[lang]
	if !ok {
		t = unlockMessages[English]
	}
	greeting := textsFor(lang).greeting
	validity := fmt.Sprintf(t.validity, hours)
	text := fmt.Sprintf("%s\n\n%s\n\n    %s\n\n%s\n%s\n", greeting, t.intro, link, validity, t.ignore)
	var html bytes.Buffer
	err := unlockHTML.Execute(&html, map[string]string{
		"Lang": string(lang), "Subject": t.subject, "Greeting": greeting, "Intro": t.intro,
		"Link": link, "Action": t.action, "Validity": validity, "Ignore": t.ignore,
	})
	if err != nil {
		panic(err) // a fixed template over strings cannot fail
	}
	return codeMail{Subject: t.subject, Text: text, HTML: html.String()}
}
