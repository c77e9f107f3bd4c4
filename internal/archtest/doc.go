// Package archtest holds the tests of the module's architecture rules (issue
// 27): one writer per table (owners_test.go, against the table → owner map in
// README's "Table owners") and the import rules of each layer
// (imports_test.go), and that every citation in the documents and code
// comments resolves (citations_test.go, docrefs_test.go). It has no code of
// its own.
package archtest
