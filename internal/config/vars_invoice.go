package config

import (
	"errors"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// invoiceVars configure the invoices: the seller printed on them and the secret
// of their PDF links. The seller defaults are a placeholder company that is
// plainly a demo; production sets the real one.
var invoiceVars = []Var{
	{
		Name: "SELLER_NAME", Default: "Lockers Demo OÜ",
		Description: "Legal name of the seller printed on invoices. The default is a demo placeholder.",
		parse:       func(c *Config, raw string) error { c.SellerName = raw; return nil },
		validate:    func(c *Config) error { return checkPrintable(c.SellerName, 200) },
		format:      func(c *Config) string { return c.SellerName },
	},
	{
		Name: "SELLER_ADDRESS", Default: "Näidise tn 1, 10111 Tallinn",
		Description: "Seller's address printed on invoices, on one line. The default is a demo placeholder.",
		parse:       func(c *Config, raw string) error { c.SellerAddress = raw; return nil },
		validate:    func(c *Config) error { return checkPrintable(c.SellerAddress, 200) },
		format:      func(c *Config) string { return c.SellerAddress },
	},
	{
		Name: "SELLER_REGISTRY_CODE", Default: "12345678",
		Description: "Seller's business registry code printed on invoices (Estonia: 8 digits). The default is a demo placeholder.",
		parse:       func(c *Config, raw string) error { c.SellerRegistryCode = raw; return nil },
		validate:    func(c *Config) error { return checkRegistryCode(c.SellerRegistryCode) },
		format:      func(c *Config) string { return c.SellerRegistryCode },
	},
	{
		Name: "SELLER_VAT_NUMBER", Default: DemoSellerVATNumber,
		Description: "Seller's VAT number (KMKR nr) printed on invoices, e.g. EE123456789. Every price includes 24% VAT, and VAT is charged only under a seller VAT number, so it is required. The default is a demo placeholder that lockerd refuses unless it listens on and is reached at a loopback address or DEV_MODE=true.",
		parse:       func(c *Config, raw string) error { c.SellerVATNumber = strings.ToUpper(raw); return nil },
		validate:    checkSellerVATNumber,
		format:      func(c *Config) string { return c.SellerVATNumber },
	},
	{
		Name: "INVOICE_LINK_SECRET", Default: "", Secret: true,
		Description: "Secret (at least 32 characters) that signs the 10-minute invoice PDF links. Empty picks a random one per start, so links die on restart; set it when several lockerd processes serve one site.",
		parse:       func(c *Config, raw string) error { c.InvoiceLinkSecret = raw; return nil },
		validate: func(c *Config) error {
			if c.InvoiceLinkSecret != "" && len(c.InvoiceLinkSecret) < 32 {
				return errors.New("must be at least 32 characters")
			}
			return nil
		},
		format: func(c *Config) string { return c.InvoiceLinkSecret },
	},
}

func init() { Vars = append(Vars, invoiceVars...) }

// checkPrintable requires one line of printable text of at most limit characters.
func checkPrintable(s string, limit int) error {
	switch {
	case s == "":
		return errors.New("must be set")
	case utf8.RuneCountInString(s) > limit:
		return errors.New("too long")
	case strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0:
		return errors.New("must be one line of printable text")
	}
	return nil
}

var (
	registryCode = regexp.MustCompile(`^[0-9A-Za-z][0-9A-Za-z /-]{0,39}$`)
	vatNumber    = regexp.MustCompile(`^[A-Z]{2}[0-9A-Z]{2,13}$`)
)

func checkRegistryCode(s string) error {
	if !registryCode.MatchString(s) {
		return errors.New("want letters and digits, e.g. 12345678")
	}
	return nil
}

// DemoSellerVATNumber is the default SELLER_VAT_NUMBER: shaped like an
// Estonian VAT number so demo invoices look complete, and plainly not a real one.
const DemoSellerVATNumber = "EE100000000"

// checkSellerVATNumber: every price includes VAT (internal/vat), and an invoice
// may charge VAT only under the seller's VAT number, so one is required; the
// demo placeholder is refused where real customers could pay (the same
// "public" test as log-only e-mail: not loopback and no DEV_MODE).
func checkSellerVATNumber(c *Config) error {
	switch s := c.SellerVATNumber; {
	case s == "":
		return errors.New("must be set: every price includes 24% VAT, which an invoice may charge only under the seller's VAT number")
	case !vatNumber.MatchString(s):
		return errors.New("want a country prefix and digits, e.g. EE123456789")
	case s == DemoSellerVATNumber && !c.DevMode && !localOnly(c):
		return errors.New("is the demo placeholder: a lockerd reached at a public address charges 24% VAT and must print the seller's own VAT number (set SELLER_VAT_NUMBER, or DEV_MODE=true on a test machine)")
	}
	return nil
}
