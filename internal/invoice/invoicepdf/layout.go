package invoicepdf

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/johnfercher/maroto/v2/pkg/components/col"
	"github.com/johnfercher/maroto/v2/pkg/components/line"
	"github.com/johnfercher/maroto/v2/pkg/components/row"
	"github.com/johnfercher/maroto/v2/pkg/components/text"
	"github.com/johnfercher/maroto/v2/pkg/consts/align"
	"github.com/johnfercher/maroto/v2/pkg/consts/fontstyle"
	"github.com/johnfercher/maroto/v2/pkg/core"
	"github.com/johnfercher/maroto/v2/pkg/props"

	"lockers/internal/invoice"
	"lockers/internal/statuswords"
)

// Colours: near-black text, grey captions, a pale band behind the table head.
var (
	ink   = props.Color{Red: 24, Green: 24, Blue: 27}
	muted = props.Color{Red: 100, Green: 100, Blue: 110}
	band  = props.Color{Red: 240, Green: 241, Blue: 244}
	rule  = props.Color{Red: 200, Green: 200, Blue: 206}
)

// Sizes in millimetres and points: the body text, the gap under a line of the
// parties, the width of the buyer's column (5 of 12 of the 174 mm between the
// margins, less a little).
const (
	bodySize   = 9.5
	partyGap   = 1.65
	buyerWidth = 174.0*5/12 - 1
)

// layout builds the rows of one document, top to bottom.
type layout struct {
	doc     invoice.Document
	seller  Seller
	l       labels
	heading string
}

func (p layout) rows() []core.Row {
	var rows []core.Row
	rows = append(rows, p.head()...)
	rows = append(rows, row.New(8))
	rows = append(rows, p.parties()...)
	rows = append(rows, row.New(8))
	rows = append(rows, p.table()...)
	rows = append(rows, row.New(6))
	rows = append(rows, p.notes()...)
	return rows
}

// head: the heading and number on the left, the seller on the right.
func (p layout) head() []core.Row {
	inv, s, l := p.doc.Invoice, p.seller, p.l
	right := props.Text{Align: align.Right}
	// The VAT number is required (New): the invoice charges VAT under it.
	sellerLines := []string{s.Address, l.registryCode + " " + s.RegistryCode, l.vatNumber + " " + s.VATNumber}
	rows := []core.Row{
		row.New(10).Add(
			textCol(7, p.heading, props.Text{Size: 20, Style: fontstyle.Bold}),
			textCol(5, s.Name, props.Text{Size: 11, Style: fontstyle.Bold, Align: align.Right, Top: 2}),
		),
	}
	for i, sl := range sellerLines {
		left := col.New(7)
		if i == 0 {
			left = textCol(7, inv.Number, props.Text{Size: 12})
		}
		rows = append(rows, row.New(5).Add(left, textCol(5, sl, right)))
	}
	return rows
}

// parties: the buyer on the left, the document's facts on the right.
func (p layout) parties() []core.Row {
	inv, l, lang := p.doc.Invoice, p.l, p.doc.Language
	buyer := []string{p.doc.Buyer.Name, p.doc.Buyer.Email}
	if buyer[0] == "" && buyer[1] == "" {
		buyer = []string{l.accountDeleted}
	}
	// The state in the words of every screen (internal/statuswords): a credit
	// note's money went back, so a paid one is "Refunded".
	paidLabel, stateTable := l.paid, statuswords.Invoice
	if inv.Kind == invoice.KindCreditNote {
		paidLabel, stateTable = l.refunded, statuswords.CreditNote
	}
	stateLabel := statuswords.Word(statuswords.Language(lang), stateTable, string(inv.State))
	facts := [][2]string{{l.number, inv.Number}, {l.issued, date(inv.CreatedAt, l, lang)}}
	if !inv.PaidAt.IsZero() {
		facts = append(facts, [2]string{paidLabel, date(inv.PaidAt, l, lang)})
	}
	if inv.CreditsNumber != "" {
		facts = append(facts, [2]string{l.credits, inv.CreditsNumber})
	}
	facts = append(facts, [2]string{l.order, inv.OrderID}, [2]string{l.status, stateLabel})

	// Rows grow with their text: a long name or e-mail wraps within the
	// buyer's column (breakWords) instead of running over the facts.
	body := props.Text{Bottom: partyGap}
	caption := props.Text{Color: &muted, Size: 8.5, Bottom: partyGap}
	rows := []core.Row{row.New().Add(textCol(5, l.buyer, props.Text{Style: fontstyle.Bold, Bottom: partyGap}), col.New(7))}
	for i := 0; i < max(len(buyer), len(facts)); i++ {
		left := col.New(5)
		if i < len(buyer) {
			left = textCol(5, breakWords(drawable(buyer[i]), buyerWidth, bodySize), body)
		}
		r := row.New().Add(left)
		if i < len(facts) {
			r.Add(textCol(3, facts[i][0], caption), textCol(4, facts[i][1], props.Text{Align: align.Right, Bottom: partyGap}))
		} else {
			r.Add(col.New(7))
		}
		rows = append(rows, r)
	}
	return rows
}

// table: the lines with net, VAT and gross, then the totals.
func (p layout) table() []core.Row {
	inv, l, lang := p.doc.Invoice, p.l, p.doc.Language
	head := props.Text{Style: fontstyle.Bold, Top: 1.5, Left: 1.5}
	headR := props.Text{Style: fontstyle.Bold, Top: 1.5, Right: 1.5, Align: align.Right}
	rows := []core.Row{
		row.New(7).Add(
			textCol(4, l.description, head), textCol(1, l.quantity, headR), textCol(2, l.net, headR),
			textCol(1, l.vatRate, headR), textCol(2, l.vat, headR), textCol(2, l.gross, headR),
		).WithStyle(&props.Cell{BackgroundColor: &band}),
	}
	cell := props.Text{Top: 1.5, Left: 1.5, Bottom: 1}
	cellR := props.Text{Top: 1.5, Right: 1.5, Align: align.Right}
	detail := props.Text{Left: 1.5, Bottom: 1.5, Size: 8.5, Color: &muted}
	zone := p.zone()
	for _, ln := range inv.Lines {
		// What was sold with the numbers, then, smaller, its period and what
		// it was priced on.
		rows = append(rows, row.New().Add(
			textCol(4, title(ln, l), cell), textCol(1, strconv.Itoa(ln.Quantity), cellR),
			textCol(2, money(ln.NetCents, lang), cellR), textCol(1, percent(ln.VATPercent), cellR),
			textCol(2, money(ln.VATCents, lang), cellR),
			textCol(2, money(ln.GrossCents, lang), cellR),
		))
		for _, d := range []string{when(ln, l, lang, zone), billing(ln, l)} {
			if d != "" {
				rows = append(rows, row.New().Add(textCol(8, d, detail), col.New(4))) // no numbers: room to the VAT
			}
		}
	}
	rows = append(rows, line.NewRow(3, props.Line{Color: &rule, Thickness: 0.3, SizePercent: 100}))
	total := func(label string, cents int64, bold bool) core.Row {
		style := fontstyle.Normal
		if bold {
			style = fontstyle.Bold
		}
		return row.New(6).Add(col.New(6),
			textCol(4, label, props.Text{Style: style, Align: align.Right, Top: 1}),
			textCol(2, money(cents, lang), props.Text{Style: style, Align: align.Right, Right: 1.5, Top: 1}))
	}
	return append(rows, total(l.totalNet, inv.NetCents, false), total(fmt.Sprintf(l.totalVAT, p.rates()), inv.VATCents, false),
		total(l.total, inv.GrossCents, true))
}

// notes: what the amounts mean, the credit note's effect, thanks.
func (p layout) notes() []core.Row {
	l := p.l
	muted := props.Text{Color: &muted, Size: 8.5}
	rows := []core.Row{autoRow(fmt.Sprintf(l.note, p.rates()), muted), autoRow(l.billingRule, muted)}
	if p.periods() {
		rows = append(rows, autoRow(fmt.Sprintf(l.zoneNote, p.zone().String()), muted))
	}
	if p.doc.Invoice.Kind == invoice.KindCreditNote {
		rows = append(rows, autoRow(l.creditNoteNote, muted))
	}
	return append(rows, row.New(4), autoRow(l.thanks, props.Text{Style: fontstyle.Bold}))
}

// zone is the station's zone the periods are printed in.
func (p layout) zone() *time.Location {
	if p.doc.StationZone != nil {
		return p.doc.StationZone
	}
	return invoice.Zone
}

// rates are the VAT rates the lines were charged at, each once, lowest first:
// "24%", or "9%, 24%". Each line keeps its own rate from when it was issued.
func (p layout) rates() string {
	var rs []int
	for _, ln := range p.doc.Invoice.Lines {
		if !slices.Contains(rs, ln.VATPercent) {
			rs = append(rs, ln.VATPercent)
		}
	}
	slices.Sort(rs)
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = percent(r)
	}
	return strings.Join(out, ", ")
}

// periods reports whether any line prints a period.
func (p layout) periods() bool {
	for _, ln := range p.doc.Invoice.Lines {
		if !ln.From.IsZero() {
			return true
		}
	}
	return false
}

// textCol and autoRow are maroto's text column and row for any text: what the
// fonts cannot draw is mapped first (drawable), so no text can break a PDF.
func textCol(size int, s string, ps ...props.Text) core.Col {
	return text.NewCol(size, drawable(s), ps...)
}

func autoRow(s string, ps ...props.Text) core.Row { return text.NewAutoRow(drawable(s), ps...) }
