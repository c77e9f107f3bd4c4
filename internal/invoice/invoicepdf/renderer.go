// Package invoicepdf prints invoices and credit notes as A4 PDFs with maroto, in
// English or Estonian. Text is set in the Go fonts (golang.org/x/image/font/gofont,
// BSD licence), embedded as UTF-8 TrueType subsets: they hold €, õ ä ö ü š ž and
// Cyrillic (for buyers' names), which the PDF core fonts do not.
package invoicepdf

import (
	"errors"
	"fmt"
	"strings"

	"github.com/johnfercher/maroto/v2"
	"github.com/johnfercher/maroto/v2/pkg/config"
	"github.com/johnfercher/maroto/v2/pkg/consts/fontstyle"
	"github.com/johnfercher/maroto/v2/pkg/consts/pagesize"
	"github.com/johnfercher/maroto/v2/pkg/core/entity"
	"github.com/johnfercher/maroto/v2/pkg/props"
	"github.com/johnfercher/maroto/v2/pkg/repository"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"lockers/internal/invoice"
)

// Seller is the company that issues the invoices (invoice.Seller).
type Seller = invoice.Seller

// Renderer prints invoices, each with the seller it was issued under, or the
// Renderer's own for an invoice that kept none. It is safe for concurrent use.
type Renderer struct {
	seller Seller
	fonts  []*entity.CustomFont
}

var _ invoice.Renderer = (*Renderer)(nil)

// family is the name the embedded fonts are registered under.
const family = "go"

// New returns a Renderer for seller; name, address, registry code and VAT
// number are required.
func New(seller Seller) (*Renderer, error) {
	if strings.TrimSpace(seller.Name) == "" || strings.TrimSpace(seller.Address) == "" ||
		strings.TrimSpace(seller.RegistryCode) == "" {
		return nil, errors.New("invoicepdf: the seller's name, address and registry code are required")
	}
	if strings.TrimSpace(seller.VATNumber) == "" {
		return nil, errors.New("invoicepdf: the seller's VAT number is required: invoices charge VAT, which needs one")
	}
	fonts, err := repository.New().
		AddUTF8FontFromBytes(family, fontstyle.Normal, goregular.TTF).
		AddUTF8FontFromBytes(family, fontstyle.Bold, gobold.TTF).
		Load()
	if err != nil {
		return nil, fmt.Errorf("invoicepdf: fonts: %w", err)
	}
	return &Renderer{seller: seller, fonts: fonts}, nil
}

// Render prints d as a PDF.
func (r *Renderer) Render(d invoice.Document) (invoice.PDF, error) {
	l := labelsFor(d.Language)
	inv := d.Invoice
	heading, file := l.invoice, l.invoiceFile
	if inv.Kind == invoice.KindCreditNote {
		heading, file = l.creditNote, l.creditNoteFile
	}
	seller := r.seller
	if inv.Seller.Name != "" {
		seller = inv.Seller
	}
	cfg := config.NewBuilder().
		WithPageSize(pagesize.A4).
		WithLeftMargin(18).WithRightMargin(18).WithTopMargin(16).
		WithCustomFonts(r.fonts).
		WithDefaultFont(&props.Font{Family: family, Style: fontstyle.Normal, Size: 9.5, Color: &ink}).
		WithCompression(true).
		WithTitle(drawable(heading+" "+inv.Number), true).
		WithAuthor(drawable(seller.Name), true).
		WithCreator(drawable(seller.Name), true).
		WithCreationDate(inv.CreatedAt).
		Build()
	m := maroto.New(cfg)
	page := layout{doc: d, seller: seller, l: l, heading: heading}
	m.AddRows(page.rows()...)
	out, err := m.Generate()
	if err != nil {
		return invoice.PDF{}, fmt.Errorf("invoicepdf: %s: %w", inv.Number, err)
	}
	return invoice.PDF{Filename: file + "-" + inv.Number + ".pdf", Bytes: out.GetBytes()}, nil
}
