// Package archtest holds the tests of the module's architecture rules: one
// writer per table (owners_test.go, against the table → owner map in README's
// "Table owners", with writes read from the Go code by writes_test.go), the
// import rules of each layer (imports_test.go), each also run against a small
// module with a planted fault (planted_test.go;
// docs/decisions/151-architecture-tests-read-code.md), and that every citation
// in the documents and code comments resolves (citations_test.go,
// docrefs_test.go). It has no code of its own.
package archtest
