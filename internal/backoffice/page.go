package backoffice

// Page sizes: a screen asks for up to MaxLimit rows, DefaultLimit when it says nothing.
const (
	DefaultLimit = 50
	MaxLimit     = 200
)
