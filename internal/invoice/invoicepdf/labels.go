package invoicepdf

import "lockers/internal/invoice"

// labels are the words printed on an invoice in one language.
type labels struct {
	invoice, creditNote            string // headings
	invoiceFile, creditNoteFile    string // file name prefixes
	buyer                          string
	registryCode, vatNumber        string
	accountDeleted                 string
	number, issued, paid, refunded string
	order, credits, status         string
	description, quantity          string
	net, vatRate, vat, gross       string
	totalVAT                       string // "%s" is the lines' VAT rates: 24%
	totalNet, total                string
	lines                          map[string]string
	note                           string // "%s" is the lines' VAT rates
	creditNoteNote                 string
	thanks                         string
	day, days, hour, hours         string
	// The billing rule, as docs/product.md "Money" states it: per started
	// hour, never more than the daily price for any started day.
	startedHour, startedHours string
	capped                    string // "…, at most the daily price"
	extensionTotal            string // an extension line's days and hours are the new total: "%s" is them
	billingRule               string
	zoneNote                  string // "%s" is the station's zone
}

// The Estonian words are those of Estonian invoices: Arve, Kreeditarve, Ostja,
// Registrikood, KMKR nr (käibemaksukohustuslase registreerimisnumber),
// Käibemaks, Summa.
var (
	english = labels{
		invoice: "Invoice", creditNote: "Credit note", invoiceFile: "invoice", creditNoteFile: "credit-note",
		buyer: "Buyer", registryCode: "Registry code", vatNumber: "VAT number",
		accountDeleted: "(account deleted)",
		number:         "Number", issued: "Date of issue", paid: "Paid on", refunded: "Refunded on",
		order: "Order", credits: "Credited invoice", status: "Status",
		description: "Description", quantity: "Qty", net: "Net", vatRate: "VAT %", vat: "VAT", gross: "Total",
		totalNet: "Total excl. VAT", totalVAT: "VAT %s", total: "Total incl. VAT",
		lines: map[string]string{invoice.LineRental: "Locker rental", invoice.LineExtension: "Rental extension",
			invoice.LineCoupon: "Coupon", invoice.LineRefund: "Refund"},
		note:           "All amounts are in euros (EUR) and include VAT at %s.",
		creditNoteNote: "This credit note reduces the invoice above; the money is returned to the original payment method.",
		thanks:         "Thank you!",
		day:            "day", days: "days", hour: "hour", hours: "hours",
		startedHour: "started hour", startedHours: "started hours",
		capped:         "at most the daily price",
		extensionTotal: "price difference; rental now %s in all",
		billingRule:    "Charged per started hour, at most the daily price per 24 h.",
		zoneNote:       "Periods are in the station's local time (%s).",
	}
	estonian = labels{
		invoice: "Arve", creditNote: "Kreeditarve", invoiceFile: "arve", creditNoteFile: "kreeditarve",
		buyer: "Ostja", registryCode: "Registrikood", vatNumber: "KMKR nr",
		accountDeleted: "(konto kustutatud)",
		number:         "Number", issued: "Koostamise kuupäev", paid: "Tasutud", refunded: "Tagastatud",
		order: "Tellimus", credits: "Krediteeritav arve", status: "Olek",
		description: "Kirjeldus", quantity: "Kogus", net: "Summa km-ta", vatRate: "KM %", vat: "Käibemaks", gross: "Summa",
		totalNet: "Summa käibemaksuta", totalVAT: "Käibemaks %s", total: "Summa kokku",
		lines: map[string]string{invoice.LineRental: "Kapi rent", invoice.LineExtension: "Rendi pikendus",
			invoice.LineCoupon: "Kupong", invoice.LineRefund: "Tagastus"},
		note:           "Kõik summad on eurodes (EUR) ja sisaldavad käibemaksu %s.",
		creditNoteNote: "Kreeditarve vähendab ülalnimetatud arvet; raha kantakse tagasi algsele makseviisile.",
		thanks:         "Aitäh!",
		day:            "päev", days: "päeva", hour: "tund", hours: "tundi",
		startedHour: "alustatud tund", startedHours: "alustatud tundi",
		capped:         "kõige rohkem päevahind",
		extensionTotal: "hinnavahe; rent nüüd kokku %s",
		billingRule:    "Tasu võetakse iga alustatud tunni eest, kuid iga 24 tunni eest kõige rohkem päevahind.",
		zoneNote:       "Perioodid on jaama kohaliku aja järgi (%s).",
	}
)

func labelsFor(lang string) labels {
	if lang == invoice.Estonian {
		return estonian
	}
	return english
}
