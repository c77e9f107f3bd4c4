package api

import (
	"context"

	"lockers/internal/rpc"
)

// invoiceProcedures list and show the caller's invoices and credit notes
// (issue 12). Another user's invoice is INVOICE_NOT_FOUND, another user's
// order ORDER_NOT_FOUND.
func invoiceProcedures(d Deps) []rpc.Procedure {
	return []rpc.Procedure{
		rpc.Query("invoice.list", rpc.User, func(ctx context.Context, in InvoiceListInput) ([]InvoiceView, error) {
			user := callerID(ctx)
			if in.OrderUUID != "" {
				// The order's owner may list its invoices; anyone else learns nothing.
				if _, err := d.Orders.Get(ctx, user, in.OrderUUID); err != nil {
					return nil, err
				}
			}
			invs, err := d.Invoices.List(ctx, user, in.OrderUUID)
			if err != nil {
				return nil, err
			}
			out := make([]InvoiceView, 0, len(invs))
			for _, inv := range invs {
				out = append(out, invoiceView(inv, d.InvoiceLink))
			}
			return out, nil
		}),
		rpc.Query("invoice.get", rpc.User, func(ctx context.Context, in InvoiceInput) (InvoiceView, error) {
			inv, err := d.Invoices.Get(ctx, callerID(ctx), in.InvoiceUUID)
			if err != nil {
				return InvoiceView{}, err
			}
			return invoiceView(inv, d.InvoiceLink), nil
		}),
	}
}
