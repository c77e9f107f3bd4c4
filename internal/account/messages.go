package account

import (
	"bytes"
	"fmt"
	"html/template"
)

// texts are the words of the code messages in one language. The code itself is
// never logged by this package; only the log mailer/SMS adapters print messages.
type texts struct {
	registerSubject, registerIntro string
	resetSubject, resetIntro       string
	validity, ignore, greeting     string
	sms                            string // fmt: code, minutes
}

var messageTexts = map[Language]texts{
	English: {
		registerSubject: "Confirm your e-mail address",
		registerIntro:   "Welcome to Lockers! Enter this code to confirm your e-mail address:",
		resetSubject:    "Reset your Lockers password",
		resetIntro:      "Enter this code to set a new password:",
		validity:        "The code is valid for %d minutes.",
		ignore:          "If you did not ask for it, you can ignore this e-mail.",
		greeting:        "Hello,",
		sms:             "Your Lockers code is %s. It is valid for %d minutes.",
	},
	Estonian: {
		registerSubject: "Kinnita oma e-posti aadress",
		registerIntro:   "Tere tulemast Lockersisse! Sisesta see kood, et oma e-posti aadress kinnitada:",
		resetSubject:    "Lockersi parooli lähtestamine",
		resetIntro:      "Sisesta see kood, et määrata uus parool:",
		validity:        "Kood kehtib %d minutit.",
		ignore:          "Kui sa seda koodi ei küsinud, võid selle kirja tähelepanuta jätta.",
		greeting:        "Tere!",
		sms:             "Sinu Lockersi kood on %s. See kehtib %d minutit.",
	},
}

func textsFor(l Language) texts {
	if t, ok := messageTexts[l]; ok {
		return t
	}
	return messageTexts[English]
}

// codeMail is an e-mail carrying a verification code.
type codeMail struct {
	Subject, Text, HTML string
}

var codeHTML = template.Must(template.New("code").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><title>{{.Subject}}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111;line-height:1.5">
<p>{{.Greeting}}</p>
<p>{{.Intro}}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px;font-family:ui-monospace,monospace">{{.Code}}</p>
<p>{{.Validity}}</p>
<p style="color:#555">{{.Ignore}}</p>
</body></html>
`))

// buildCodeMail renders the register or reset e-mail in lang.
func buildCodeMail(lang Language, purpose Purpose, code string, minutes int) codeMail {
	t := textsFor(lang)
	subject, intro := t.registerSubject, t.registerIntro
	if purpose == PurposeReset {
		subject, intro = t.resetSubject, t.resetIntro
	}
	validity := fmt.Sprintf(t.validity, minutes)
	text := fmt.Sprintf("%s\n\n%s\n\n    %s\n\n%s\n%s\n", t.greeting, intro, code, validity, t.ignore)
	var html bytes.Buffer
	err := codeHTML.Execute(&html, map[string]string{
		"Lang": string(lang), "Subject": subject, "Greeting": t.greeting, "Intro": intro,
		"Code": code, "Validity": validity, "Ignore": t.ignore,
	})
	if err != nil {
		panic(err) // a fixed template over strings cannot fail
	}
	return codeMail{Subject: subject, Text: text, HTML: html.String()}
}

// buildCodeSMS renders the phone verification text in lang.
func buildCodeSMS(lang Language, code string, minutes int) string {
	return fmt.Sprintf(textsFor(lang).sms, code, minutes)
}
