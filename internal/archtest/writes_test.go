package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"
	"strings"
)

// Write is one SQL statement in a Go string literal that writes a table.
type Write struct {
	Table string // "" when the name is not in the literal (built at run time)
	Pos   string // file:line
}

// writeRE finds INSERT INTO, UPDATE and DELETE FROM with the word after them
// (SQL keywords are upper case in this code base; an upsert is an INSERT).
var writeRE = regexp.MustCompile(`\b(INSERT\s+(?:OR\s+[A-Z]+\s+)?INTO|UPDATE|DELETE\s+FROM)(\s+[A-Za-z_][A-Za-z0-9_.]*|\s*$)`)

// notTables follow UPDATE without naming a table.
var notTables = map[string]bool{"SET": true, "SKIP": true, "NOWAIT": true, "OF": true}

// SQLWrites lists the table writes in one literal's text.
func SQLWrites(text string) []string {
	var out []string
	for _, m := range writeRE.FindAllStringSubmatchIndex(text, -1) {
		verb := text[m[2]:m[3]]
		name := strings.TrimSpace(text[m[4]:m[5]])
		if verb == "UPDATE" {
			// FOR UPDATE (a row lock) and DO UPDATE (an upsert's second half)
			// write nothing of their own.
			before := strings.Fields(text[:m[0]])
			if len(before) > 0 && (before[len(before)-1] == "FOR" || before[len(before)-1] == "DO") {
				continue
			}
			if notTables[name] {
				continue
			}
		}
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			name = name[i+1:] // schema-qualified
		}
		out = append(out, strings.ToLower(name))
	}
	return out
}

// FileWrites parses one Go file and lists the writes in its string literals.
func FileWrites(path string, src any) ([]Write, error) {
	fs := token.NewFileSet()
	f, err := parser.ParseFile(fs, path, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var out []Write
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		text, err := strconv.Unquote(lit.Value)
		if err != nil {
			return true
		}
		pos := fs.Position(lit.Pos())
		for _, t := range SQLWrites(text) {
			out = append(out, Write{Table: t, Pos: pos.Filename + ":" + strconv.Itoa(pos.Line)})
		}
		return true
	})
	return out, nil
}
