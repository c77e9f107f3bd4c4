package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"
	"strings"
)

// The writes a package's Go code makes are found by reading it as Go, not as
// text (docs/decisions/151-architecture-tests-read-code.md):
//
//   - every string expression is evaluated as far as the package alone proves
//     it: literals, + chains, the package's own string constants (at package
//     level and in functions), and fmt.Sprintf / fmt.Fprintf / fmt.Appendf
//     with a constant format, whose verbs take the value of a constant argument;
//   - what cannot be proved (a variable, a call, another package's value, a
//     verb whose argument is not a constant) becomes a hole in the text;
//   - the text is read for SQL writes case-insensitively: INSERT [OR x] INTO,
//     REPLACE INTO, UPSERT INTO, MERGE INTO, UPDATE ... SET, DELETE FROM and
//     TRUNCATE, with the table bare, schema-qualified or quoted ("t", `t`, [t]);
//   - a write whose table is a hole has no table anyone can check, and is a
//     violation wherever it is.

// hole stands for the part of a string the package's code does not prove.
const hole = "\x00"

// Write is one SQL write found in a package's Go code.
type Write struct {
	Table string // "" when the table is not proved by the code (a hole)
	Pos   string // file:line
}

// tableName is a table as SQL may name it: bare, quoted in any of the three
// ways, schema-qualified, or a hole.
const tableName = `(?:(?:"[^"]+"|` + "`[^`]+`" + `|\[[^\]]+\]|[a-z_][a-z0-9_$]*|\x00)\.)?(?:"[^"]+"|` + "`[^`]+`" + `|\[[^\]]+\]|[a-z_][a-z0-9_$]*|\x00)`

// writeRE finds a write verb and the name after it. UPDATE is a write only
// with SET after its table (and an optional alias), which tells it from prose
// ("update the order") and from FOR UPDATE (a row lock); DO UPDATE SET (an
// upsert's second half) is skipped by the word before it.
var writeRE = regexp.MustCompile(`(?s)\b(?:` +
	`(insert)\s+(?:or\s+[a-z]+\s+)?into|(replace)\s+into|(upsert)\s+into|(merge)\s+into|` +
	`(delete)\s+from|(truncate)(?:\s+table)?|(update)(?:\s+only)?` +
	`)\b\s*(` + tableName + `)?((?:\s+(?:as\s+)?[a-z_][a-z0-9_]*)?\s+set\b)?`)

// SQLWrites lists the tables written by one string's text; a write whose
// table is a hole, or not there at all (a fragment the code goes on to build),
// lists "".
func SQLWrites(text string) []string {
	var out []string
	lower := strings.ToLower(text)
	for _, m := range writeRE.FindAllStringSubmatchIndex(lower, -1) {
		group := func(i int) string {
			if m[2*i] < 0 {
				return ""
			}
			return lower[m[2*i]:m[2*i+1]]
		}
		name, set := group(8), group(9)
		oneWord := group(7) != "" || group(6) != "" // UPDATE and TRUNCATE are words of prose too
		if group(7) != "" {
			before := strings.Fields(lower[:m[0]])
			if len(before) > 0 && (before[len(before)-1] == "do" || before[len(before)-1] == "for") {
				continue
			}
			if set == "" && name != "" {
				continue // prose ("update the order"); a write has SET after its table
			}
		}
		if name == "" && oneWord {
			// Without a table these are writes only as the start of a statement
			// the code goes on to build: the word, a space, and the string's end.
			if rest := lower[m[0]:]; strings.TrimRight(rest, " \t\n") == rest || strings.TrimSpace(lower[m[1]:]) != "" {
				continue
			}
		}
		out = append(out, unquote(name))
	}
	return out
}

// unquote reduces a table name to its bare, lower-case form without its
// schema ("" for a hole or for a name not given).
func unquote(name string) string {
	var close rune
	last := -1
	for i, r := range name {
		switch {
		case close != 0 && r == close:
			close = 0
		case close != 0:
		case r == '"' || r == '`':
			close = r
		case r == '[':
			close = ']'
		case r == '.':
			last = i
		}
	}
	name = strings.Trim(name[last+1:], "\"`[]")
	if strings.Contains(name, hole) {
		return ""
	}
	return name
}

// PackageWrites lists the writes of the Go files of one package (files maps a
// file name to its source, or to nil to read it from disk). It also lists the
// exported names whose value holds a write: a statement another package could
// run would not be its owner's alone.
func PackageWrites(files map[string]any) (writes []Write, exported []string, err error) {
	fset := token.NewFileSet()
	var parsed []*ast.File
	for name, src := range files {
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			return nil, nil, err
		}
		parsed = append(parsed, f)
	}
	ev := evaluator{consts: map[string]string{}}
	// Package-level string constants, to a fixed point (one may name another
	// declared later or in another file).
	for changed := true; changed; {
		changed = false
		for _, f := range parsed {
			for _, d := range f.Decls {
				if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.CONST {
					changed = ev.addConsts(g) || changed
				}
			}
		}
	}
	for _, f := range parsed {
		// Exported package-level names whose value writes.
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || (g.Tok != token.CONST && g.Tok != token.VAR) {
				continue
			}
			for _, s := range g.Specs {
				vs := s.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if n.IsExported() && i < len(vs.Values) {
						if v, ok := ev.eval(vs.Values[i]); ok && len(SQLWrites(v)) > 0 {
							exported = append(exported, fset.Position(n.Pos()).String()+": "+n.Name)
						}
					}
				}
			}
		}
		// Function-local constants are visible in the rest of the function;
		// adding them as they come is enough for the code here (no shadowing
		// of one string constant by another of the same name).
		ast.Inspect(f, func(n ast.Node) bool {
			if g, ok := n.(*ast.GenDecl); ok && g.Tok == token.CONST {
				ev.addConsts(g)
			}
			return true
		})
		// Every outermost string expression where it is used: its text, holes
		// and all. A constant is read where it is used (a fragment such as
		// "DELETE FROM " is no write until a table follows it), and names
		// being declared or selected are not uses.
		var visit func(n ast.Node) bool
		inspect := func(n ast.Node) {
			if n != nil {
				ast.Inspect(n, visit)
			}
		}
		visit = func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GenDecl:
				return n.Tok != token.CONST
			case *ast.Field:
				return false // a parameter's or field's name and type
			case *ast.SelectorExpr:
				inspect(n.X)
				return false
			case *ast.AssignStmt:
				for _, r := range n.Rhs {
					inspect(r)
				}
				return false
			case *ast.ValueSpec:
				for _, v := range n.Values {
					inspect(v)
				}
				return false
			case *ast.KeyValueExpr:
				if _, field := n.Key.(*ast.Ident); !field {
					inspect(n.Key)
				}
				inspect(n.Value)
				return false
			case ast.Expr:
				text, ok := ev.eval(n)
				if !ok {
					return true
				}
				pos := fset.Position(n.Pos())
				for _, t := range SQLWrites(text) {
					writes = append(writes, Write{Table: t, Pos: pos.Filename + ":" + strconv.Itoa(pos.Line)})
				}
				return false // the parts were read as part of the whole
			}
			return true
		}
		inspect(f)
	}
	return writes, exported, nil
}

// evaluator turns string expressions into their text as far as the package
// proves it.
type evaluator struct {
	consts map[string]string // string constants by name
}

// addConsts records the string constants of one declaration whose values are
// proved; it reports whether it learnt one.
func (ev *evaluator) addConsts(g *ast.GenDecl) bool {
	learnt := false
	for _, s := range g.Specs {
		vs := s.(*ast.ValueSpec)
		for i, n := range vs.Names {
			if i >= len(vs.Values) {
				continue
			}
			if _, known := ev.consts[n.Name]; known {
				continue
			}
			if v, ok := ev.eval(vs.Values[i]); ok && !strings.Contains(v, hole) {
				ev.consts[n.Name] = v
				learnt = true
			}
		}
	}
	return learnt
}

// eval reports whether e is a string expression and its text, with a hole for
// each part the package does not prove. Only expressions with some proved text
// are string expressions here: a lone variable is not read.
func (ev *evaluator) eval(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		return s, err == nil
	case *ast.ParenExpr:
		return ev.eval(e.X)
	case *ast.Ident:
		v, ok := ev.consts[e.Name]
		return v, ok
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		l, lok := ev.eval(e.X)
		r, rok := ev.eval(e.Y)
		if !lok && !rok {
			return "", false
		}
		if !lok {
			l = hole
		}
		if !rok {
			r = hole
		}
		return l + r, true
	case *ast.CallExpr:
		return ev.sprintf(e)
	}
	return "", false
}

// formatArg is the index of the format argument of the fmt functions that
// build strings.
var formatArg = map[string]int{"Sprintf": 0, "Errorf": 0, "Fprintf": 1, "Appendf": 1, "Printf": 0}

// verbRE finds a fmt verb with its flags, width and precision.
var verbRE = regexp.MustCompile(`%[-+# 0]*(?:\[\d+\])?(?:\*|\d+)?(?:\.(?:\*|\d+)?)?[a-zA-Z%]`)

// sprintf evaluates a fmt call with a constant format: each verb takes the
// text of its argument when that is proved, else a hole.
func (ev *evaluator) sprintf(call *ast.CallExpr) (string, bool) {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "fmt" {
		return "", false
	}
	at, ok := formatArg[sel.Sel.Name]
	if !ok || len(call.Args) <= at {
		return "", false
	}
	format, ok := ev.eval(call.Args[at])
	if !ok {
		return "", false
	}
	args := call.Args[at+1:]
	next := 0
	return verbRE.ReplaceAllStringFunc(format, func(verb string) string {
		if verb == "%%" {
			return "%"
		}
		if next >= len(args) {
			return hole
		}
		a := args[next]
		next++
		if v, ok := ev.eval(a); ok && (strings.HasSuffix(verb, "s") || strings.HasSuffix(verb, "v")) {
			return v
		}
		return hole
	}), true
}
