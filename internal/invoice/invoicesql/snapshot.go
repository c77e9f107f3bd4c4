package invoicesql

import (
	"context"
	"database/sql"

	"lockers/internal/invoice"
	"lockers/internal/store"
)

// The printed particulars of an invoice are fixed in the transaction that
// numbers it (migration 00037): the seller comes with the invoice (the
// service's configuration), the buyer's name and e-mail and the station's
// zone are copied from the users, orders and stations tables (read here,
// written by their owners) as they are at that moment.

// snapshotSet copies the buyer and the zone onto the invoices the WHERE that
// follows names, and returns them.
const snapshotSet = `UPDATE invoices SET
	buyer_name = COALESCE((SELECT TRIM(u.first_name || ' ' || u.last_name) FROM users u WHERE u.id = invoices.user_id), ''),
	buyer_email = COALESCE((SELECT u.email FROM users u WHERE u.id = invoices.user_id), ''),
	station_zone = COALESCE((SELECT s.time_zone FROM orders o JOIN stations s ON s.id = o.station_id
		WHERE o.id = invoices.order_id), '') `

// snapshot fixes the buyer and zone of the invoices with the given ids (just
// inserted) and sets them on invs.
func snapshot(ctx context.Context, tx *store.Tx, invs []invoice.Invoice) error {
	if len(invs) == 0 {
		return nil
	}
	args := make([]any, len(invs))
	at := make(map[string]int, len(invs))
	for i, inv := range invs {
		args[i], at[inv.ID] = inv.ID, i
	}
	rows, err := tx.QueryContext(ctx, snapshotSet+`WHERE id IN (`+marks(1, len(args))+`)
		RETURNING id, buyer_name, buyer_email, station_zone`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, name, email, zone string
		if err := rows.Scan(&id, &name, &email, &zone); err != nil {
			return err
		}
		if i, ok := at[id]; ok {
			invs[i].Buyer, invs[i].StationZone = invoice.Buyer{Name: name, Email: email}, zone
		}
	}
	return rows.Err()
}

// sellerValues are an invoice's seller columns; an empty seller is NULL (not
// kept), which FreezeSeller fills.
func sellerValues(s invoice.Seller) []any {
	if s == (invoice.Seller{}) {
		return []any{nil, nil, nil, nil}
	}
	return []any{s.Name, s.Address, s.RegistryCode, s.VATNumber}
}

// FreezeSeller gives every invoice issued before sellers were kept (seller
// NULL) the seller s, once, and reports how many it changed.
func (s *Store) FreezeSeller(ctx context.Context, seller invoice.Seller) (int, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE invoices SET seller_name = $1, seller_address = $2,
		seller_registry_code = $3, seller_vat_number = $4 WHERE seller_name IS NULL`, sellerValues(seller)...)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// ForgetBuyers erases the name and e-mail kept on the invoices of deleted
// accounts (the deletion promise: invoices are kept without personal data)
// and reports how many it changed.
func (s *Store) ForgetBuyers(ctx context.Context) (int, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE invoices SET buyer_name = '', buyer_email = ''
		WHERE (buyer_name <> '' OR buyer_email <> '')
		AND user_id IN (SELECT id FROM users WHERE deleted_at IS NOT NULL)`)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}

func scanSeller(name, address, registry, vatNumber sql.NullString) invoice.Seller {
	return invoice.Seller{Name: name.String, Address: address.String, RegistryCode: registry.String,
		VATNumber: vatNumber.String}
}
