package order

import "github.com/google/uuid"

// newID returns a time-ordered UUID (version 7) for a new order, order locker
// or price line. Their primary keys and the order_id indexes are B-trees: a
// random (version 4) key lands on a random leaf page, so every booking dirtied
// a different page of each index and, on SQLite, wrote all of them to the WAL at
// commit (a group commit shared almost none). Time-ordered keys go to the
// rightmost pages, which the bookings of one commit share. The 62 random bits
// left keep the IDs unguessable; orders are looked up by owner and ID anyway.
// Like uuid.NewString, it panics only when the system's random source fails.
func newID() string {
	return uuid.Must(uuid.NewV7()).String()
}
