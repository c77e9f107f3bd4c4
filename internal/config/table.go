package config

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// WriteTable prints the variables for a terminal (`lockerd env`).
func WriteTable(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "VARIABLE\tDEFAULT\tDESCRIPTION")
	for _, v := range Vars {
		def := v.Default
		if def == "" {
			def = "(unset)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", v.Name, def, v.Description)
	}
	return tw.Flush()
}

// WriteMarkdown prints the variables as a Markdown table for the README
// (`lockerd env -markdown`).
func WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	b.WriteString("| Variable | Default | Description |\n|---|---|---|\n")
	for _, v := range Vars {
		def := "—"
		if v.Default != "" {
			def = "`" + v.Default + "`"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", v.Name, def, strings.ReplaceAll(v.Description, "|", `\|`))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
