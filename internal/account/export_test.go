package account

// HashPassword lets the external tests store a password the way the service does.
var HashPassword = hashPassword
