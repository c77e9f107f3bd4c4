package config

import (
	"errors"
	"strconv"
)

// Holds caps what one account holds unpaid (docs/security.md, "Budgets and
// quotas"): 0 is no cap.
type Holds struct {
	// MaxUnpaidOrders is how many reserved or unpaid orders an account may
	// hold at once.
	MaxUnpaidOrders int
	// MaxHeldAtStation is how many compartments those may hold at one station.
	MaxHeldAtStation int
}

func holdVar(name, def, what string, field func(c *Config) *int) Var {
	return Var{
		Name: name, Default: def,
		Description: what + " (0: no cap, for load tests; the refusal names the cap).",
		parse: func(c *Config, raw string) error {
			n, err := strconv.Atoi(raw)
			if err != nil || n < 0 || n > 1000 {
				return errors.New("want a whole number from 0 to 1000")
			}
			*field(c) = n
			return nil
		},
		format: func(c *Config) string { return strconv.Itoa(*field(c)) },
	}
}

var holdVars = []Var{
	holdVar("MAX_UNPAID_ORDERS", "3", "How many reserved or unpaid orders one account may hold at once",
		func(c *Config) *int { return &c.MaxUnpaidOrders }),
	holdVar("MAX_HELD_AT_STATION", "5", "How many compartments one account's unpaid orders may hold at one station",
		func(c *Config) *int { return &c.MaxHeldAtStation }),
}

func init() { Vars = append(Vars, holdVars...) }
